import FuzzSupport

/// `FuzzEntry.resultReport`: a saved `verify --json` result through report's reader, page and JUnit.
runFuzzer { data, size in trapIfBroken(FuzzEntry.resultReport(bytes(data, size), scratch: scratch)) }
