/// `Scenarios/roost.schema.json` without the parts the registry writes (`@@name@@`):
/// everything but the steps, the edges and the threshold metrics, which `ScenarioSchema` fills in.
enum ScenarioSchemaTemplate {
    static let text = #"""
{
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "$id": "roost.schema.json",
  "title": "Roost scenario",
  "description": "One load scenario for `roost run` (design section 5). Check with `roost validate`.",
  "type": "object",
  "additionalProperties": false,
  "required": [
    "name"
  ],
  "oneOf": [
    {
      "description": "One population: steps (and load, setup) at the top.",
      "required": [
        "steps"
      ],
      "not": {
        "required": [
          "populations"
        ]
      }
    },
    {
      "description": "Several populations, each with its own load, setup and steps.",
      "required": [
        "populations"
      ],
      "not": {
        "anyOf": [
          {
            "required": [
              "steps"
            ]
          },
          {
            "required": [
              "load"
            ]
          },
          {
            "required": [
              "setup"
            ]
          }
        ]
      }
    }
  ],
  "properties": {
    "name": {
      "$ref": "#/$defs/name",
      "description": "The scenario's name: lowercase letters, digits and '-'."
    },
    "description": {
      "type": "string",
      "description": "One line saying what the scenario measures."
    },
    "seed": {
      "type": "integer",
      "minimum": 0,
      "default": 1,
      "description": "Every random choice (dataset and steps) derives from it."
    },
    "allocation_profile": {
      "enum": [
        "off",
        "sampled",
        "exact"
      ],
      "default": "sampled",
      "description": "What each measured step's allocation profile records: off (counters only), sampled (Poisson by bytes, mean 512 KiB, weighted back) or exact (every allocation)."
    },
    "stack": {
      "$ref": "#/$defs/stack",
      "description": "The stack each variant gets."
    },
    "dataset": {
      "description": "What is built before measuring (not timed).",
      "type": "object",
      "additionalProperties": false,
      "properties": {
        "users": {
          "type": "integer",
          "minimum": 2,
          "default": 100
        },
        "posts_per_user": {
          "type": "integer",
          "minimum": 0,
          "default": 5
        },
        "follows_per_user": {
          "type": "integer",
          "minimum": 0,
          "default": 10,
          "description": "Less than users."
        },
        "likes_per_user": {
          "type": "integer",
          "minimum": 0,
          "default": 5
        },
        "image_bytes": {
          "type": "integer",
          "minimum": 0,
          "maximum": 8388608,
          "default": 4096,
          "description": "Each user's profile image size in bytes (0: none; otherwise at least 8: a PNG signature, then filler)."
        }
      }
    },
    "variants": {
      "description": "Each variant runs on a fresh stack with the same seed (default: one variant 'weak').",
      "type": "array",
      "minItems": 1,
      "items": {
        "type": "object",
        "additionalProperties": false,
        "required": [
          "name",
          "references"
        ],
        "properties": {
          "name": {
            "$ref": "#/$defs/name",
            "description": "Unique among the variants."
          },
          "references": {
            "$ref": "#/$defs/strength",
            "description": "How every reference edge is built."
          },
          "overrides": {
            "description": "Edges built differently from references.",
            "type": "object",
            "additionalProperties": false,
            "properties": "@@edgeProperties@@"
          },
          "stack": {
            "$ref": "#/$defs/stack",
            "description": "This variant's stack: keys given here replace the scenario's stack settings for this variant only (compare feed strategies or password costs)."
          }
        }
      }
    },
    "load": {
      "description": "How load is applied: one of the load models (closed, open, ramping users, ramping arrival rate), never a mix.",
      "oneOf": "@@loadModels@@"
    },
    "setup": {
      "$ref": "#/$defs/steps",
      "description": "Played once by each virtual user before its first iteration (log in, follow someone), measured and reported apart (setup.<step>)."
    },
    "steps": {
      "$ref": "#/$defs/steps",
      "description": "What each virtual user plays per iteration."
    },
    "populations": {
      "description": "Groups of virtual users played at once on one stack, each with its own load, setup and steps (instead of load, setup and steps at the top).",
      "type": "array",
      "minItems": 1,
      "items": {
        "type": "object",
        "additionalProperties": false,
        "required": [
          "name",
          "steps"
        ],
        "properties": {
          "name": {
            "$ref": "#/$defs/name",
            "description": "Unique among the populations; not 'setup'. Thresholds name it as {population:NAME}."
          },
          "load": {
            "$ref": "#/properties/load",
            "description": "This population's load: one of the load models (default: one closed user, one iteration)."
          },
          "setup": {
            "$ref": "#/$defs/steps",
            "description": "Played once by each of its virtual users before their first iteration."
          },
          "steps": {
            "$ref": "#/$defs/steps",
            "description": "What each of its virtual users plays per iteration."
          },
          "start_after": {
            "$ref": "#/$defs/duration",
            "description": "How long after the measured phase begins its load starts (default 0s); before the other populations' loads end."
          }
        }
      }
    },
    "thresholds": {
      "description": "Pass/fail rules: METRIC[(STEP)][{variant:NAME}][{stage:NAME}][{population:NAME}] OP VALUE, e.g. \"p99(open_profile) < 20ms\".",
      "type": "array",
      "items": {
        "$ref": "#/$defs/threshold"
      }
    }
  },
  "$defs": {
    "name": {
      "type": "string",
      "pattern": "^[a-z0-9-]+$"
    },
    "duration": {
      "type": "string",
      "pattern": "^[0-9]+(\\.[0-9]+)?(ns|us|ms|s|m)$",
      "description": "A number and a unit: ns, us, ms, s, m (10ms, 1.5s, 0s)."
    },
    "strength": {
      "enum": [
        "weak",
        "strong"
      ]
    },
    "edge": {
      "enum": "@@edges@@",
      "description": "The leak-prone references of the screens."
    },
    "metric": {
      "anyOf": [
        {
          "type": "string",
          "pattern": "^p[0-9]+(\\.[0-9]+)?$",
          "description": "A latency percentile above 0 and below 100: p50, p95, p99.9 (also written p999), p9999."
        },
        {
          "enum": "@@namedMetrics@@"
        }
      ],
      "description": "What a threshold can name (the first group of the threshold pattern)."
    },
    "threshold": {
      "type": "string",
      "pattern": "@@thresholdPattern@@"
    },
    "text": {
      "type": "string",
      "pattern": "^([^{]|\\{(vu|iteration|seed)\\}|\\{(?![A-Za-z_][A-Za-z0-9_]*\\}))*$",
      "description": "Text; the only placeholders are {vu}, {iteration} and {seed}."
    },
    "userTarget": {
      "description": "random, self, followed, from_feed, or a username.",
      "anyOf": [
        {
          "enum": [
            "random",
            "self",
            "followed",
            "from_feed"
          ]
        },
        {
          "type": "string",
          "minLength": 1
        }
      ]
    },
    "postTarget": {
      "description": "random, self, followed, from_feed, or a post id.",
      "anyOf": [
        {
          "enum": [
            "random",
            "self",
            "followed",
            "from_feed"
          ]
        },
        {
          "type": "integer",
          "minimum": 1
        }
      ]
    },
    "steps": {
      "type": "array",
      "minItems": 1,
      "items": {
        "$ref": "#/$defs/step"
      }
    },
    "step": {
      "description": "A step name, or a map of one step name to its arguments.",
      "anyOf": [
        {
          "enum": "@@bareSteps@@"
        },
        {
          "$ref": "#/$defs/stepWithArguments"
        }
      ]
    },
    "stepWithArguments": {
      "type": "object",
      "minProperties": 1,
      "maxProperties": 1,
      "additionalProperties": false,
      "properties": "@@stepProperties@@"
    },
    "stack": {
      "type": "object",
      "additionalProperties": false,
      "properties": {
        "feed": {
          "enum": [
            "fanOutOnRead",
            "fanOutOnWrite"
          ],
          "default": "fanOutOnRead",
          "description": "Feed strategy."
        },
        "password_cost": {
          "enum": [
            "low",
            "production"
          ],
          "default": "low",
          "description": "scrypt cost of passwords."
        },
        "storage": {
          "enum": [
            "file",
            "memory"
          ],
          "default": "memory",
          "description": "file: SQLite in WAL mode in a temporary directory; memory: in memory."
        }
      }
    }
  }
}
"""#
}
