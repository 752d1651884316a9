import FuzzSupport

/// `FuzzEntry.manifest`: the input as a goldens folder's manifest.json.
runFuzzer { data, size in trapIfBroken(FuzzEntry.manifest(bytes(data, size), scratch: scratch)) }
