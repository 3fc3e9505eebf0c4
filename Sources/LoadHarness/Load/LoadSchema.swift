/// Pieces of the load models' JSON schema branches that several models share.
enum LoadSchema {
    static let warmup: JSONValue = .object([
        ("type", .string("integer")), ("minimum", .integer(0)), ("default", .integer(0)),
        ("description", .string("Iterations each virtual user plays before measuring (not measured): lazily built state "
            + "(runtime caches, prepared statements, SQLite pages) is filled first, so allocation counts repeat exactly.")),
    ])

    static let rate: JSONValue = .object([
        ("type", .string("string")), ("pattern", .string("^[0-9]+(\\.[0-9]+)?/(s|m)$")),
    ])

    /// An open model's `max_virtual_users` (`ScenarioReader.maxVirtualUsers(_:)` reads it).
    static var maxVirtualUsers: JSONValue {
        .object([("type", .string("integer")), ("minimum", .integer(1)), ("maximum", .integer(ScenarioReader.maximumVirtualUsers)),
                 ("description", .string("Most virtual users busy at once."))])
    }

    /// `stages:` whose targets are `target`.
    static func stages(target: JSONValue) -> JSONValue {
        .object([
            ("type", .string("array")), ("minItems", .integer(1)),
            ("description", .string("Stages in order; the load moves linearly to each stage's target over its duration.")),
            ("items", .object([
                ("type", .string("object")), ("additionalProperties", .bool(false)),
                ("required", .array([.string("duration"), .string("target")])),
                ("properties", .object([
                    ("duration", .object([("$ref", .string("#/$defs/duration"))])),
                    ("target", target),
                    ("name", .object([("$ref", .string("#/$defs/name")),
                                      ("description", .string("The stage's name in reports and thresholds ({stage:NAME}); default stage1, stage2, ..."))])),
                ])),
            ])),
        ])
    }

    /// `stairs:` whose start and step are `value`.
    static func stairs(value: JSONValue) -> JSONValue {
        .object([
            ("type", .string("object")), ("additionalProperties", .bool(false)),
            ("description", .string("Gatling's stairs: levels from start up by step, each holding its value for level from its "
                + "first instant, with a linear ramp lasting ramp before each level but the first (without one the load jumps); "
                + "each level (level1, ...) and ramp (ramp2, ...) is a stage.")),
            ("required", .array([.string("start"), .string("step"), .string("levels"), .string("level")])),
            ("properties", .object([
                ("start", value), ("step", value),
                ("levels", .object([("type", .string("integer")), ("minimum", .integer(1))])),
                ("level", .object([("$ref", .string("#/$defs/duration"))])),
                ("ramp", .object([("$ref", .string("#/$defs/duration")), ("default", .string("0s"))])),
            ])),
        ])
    }

    static let users: JSONValue = .object([("type", .string("integer")), ("minimum", .integer(0)),
                                           ("maximum", .integer(ScenarioReader.maximumVirtualUsers))])

    /// Exactly one of `stages` and `stairs`.
    static let stagesOrStairs: JSONValue = .array([
        .object([("required", .array([.string("stages")]))]), .object([("required", .array([.string("stairs")]))]),
    ])
}
