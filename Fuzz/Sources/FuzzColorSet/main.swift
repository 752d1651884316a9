import FuzzSupport

/// `FuzzEntry.colorSet`: one colorset's Contents.json through the asset-catalog reader.
runFuzzer { data, size in trapIfBroken(FuzzEntry.colorSet(bytes(data, size))) }
