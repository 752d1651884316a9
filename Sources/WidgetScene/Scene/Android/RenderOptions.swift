import EvidenceCore
import Foundation
import WidgetLayout
import WidgetModel

/// One platform's render request, before its snapshot is read.
public enum RenderTarget: Equatable, Sendable {
    case android(AndroidRenderRequest)
    case ios(IOSRenderRequest)

    public var platform: Platform {
        switch self {
        case .android: return .android
        case .ios: return .ios
        }
    }
}

extension RenderTarget {
    /// The words `--family` takes on each platform.
    public static func familyWords(_ platform: Platform) -> [String] {
        switch platform {
        case .android: return AndroidFamilyRequest.allCases.map(\.rawValue)
        case .ios: return IOSFamily.allCases.map(\.rawValue)
        }
    }

    /// `--family systemSmall` without `--platform ios`: the error names the platform that takes the
    /// family (nil when the family is this platform's, or no platform's: its own check answers that).
    /// `own`: the families the command takes on `platform`, when not all of `familyWords` (timeline).
    public static func familyOfOtherPlatform(_ raw: String, platform: Platform, own: [String]? = nil) -> InputError? {
        let takes = { (p: Platform) in familyWords(p).contains { $0.lowercased() == raw.lowercased() } }
        guard !takes(platform), let other = Platform.allCases.first(where: { $0 != platform && takes($0) }) else {
            return nil
        }
        return InputError(
            "--family",
            "'\(raw)' is an \(other.rawValue) family: add --platform \(other.rawValue) "
                + "(--platform \(platform.rawValue) takes \((own ?? familyWords(platform)).joined(separator: ", ")))")
    }
}
