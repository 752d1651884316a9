import FuzzSupport

/// `FuzzEntry.png`: a golden's bytes through the PNG decoder.
runFuzzer { data, size in trapIfBroken(FuzzEntry.png(bytes(data, size))) }
