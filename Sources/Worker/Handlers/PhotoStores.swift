import DispatchServer
import Foundation

/// The photo store a configuration names (`--photo-store`): `file:DIR` or
/// `supabase:<project URL>` with the service key from the environment.
public enum PhotoStores {
    public static func make(_ configuration: WorkerConfiguration) throws -> any PhotoStore {
        let spec = configuration.photoStore
        if spec.hasPrefix("file:"), spec.count > 5 {
            return FileSystemPhotoStore(root: URL(fileURLWithPath: String(spec.dropFirst(5)), isDirectory: true))
        }
        if spec.hasPrefix("supabase:"), let url = PushSinks.httpURL(String(spec.dropFirst(9))) {
            guard let key = configuration.storageServiceKey else {
                throw HandlerError.permanent("\(spec) needs the service key in DISPATCH_STORAGE_SERVICE_KEY")
            }
            return SupabaseStoragePhotoStore(projectURL: url, serviceKey: key)
        }
        throw HandlerError.permanent("unknown photo store \(spec): use file:DIR or supabase:https://<ref>.supabase.co")
    }

    /// Whether `spec` names a store `make` knows (checked when the configuration is read).
    public static func isValid(_ spec: String) -> Bool {
        (spec.hasPrefix("file:") && spec.count > 5)
            || (spec.hasPrefix("supabase:") && PushSinks.httpURL(String(spec.dropFirst(9))) != nil)
    }
}
