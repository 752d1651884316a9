import FuzzSupport

/// `FuzzEntry.knownFindings`: the input as known-findings.json.
runFuzzer { data, size in trapIfBroken(FuzzEntry.knownFindings(bytes(data, size))) }
