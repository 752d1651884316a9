import FuzzSupport

/// `FuzzEntry.tokenXML`: the input as a res folder's light and night colors_widget.xml.
runFuzzer { data, size in trapIfBroken(FuzzEntry.tokenXML(bytes(data, size), scratch: scratch)) }
