/// Every CSV table a run folder can hold, with its columns by generation (design sections 6,
/// 8, 9, 11, 12 and 17; docs/reports.md). A new file is a new entry here (and in `all`); a
/// new column is a generation appended to its table, so folders written before it still read.
extension RunTable {
    /// `run.csv`: where, how and how far the run ran, one fact a row (`RunInfo`).
    public static let run = RunTable("run.csv", ["key", "value"])

    /// `steps.csv`: per variant and step, count, errors, latency, throughput, allocations and
    /// (since design 9) their medians, (since design 11) SQLite's work per execution.
    public static let steps = RunTable(
        "steps.csv",
        ["scenario", "variant", "step", "count", "errors", "mean_us", "p50_us", "p90_us", "p99_us", "p999_us", "max_us",
         "ops_per_s", "allocs_per_op", "bytes_per_op"],
        added: ["allocs_p50", "bytes_p50"],
        ["statements_per_op", "statements_p50", "vm_steps_per_op", "vm_steps_p50", "fullscan_steps_per_op", "fullscan_steps_p50"],
        // (since design 15) latency from each step's actual start, beside the corrected columns.
        LoadColumns.stepsColumns,
        // (since design 18) the median execution's on-CPU time and waiting share.
        ["cpu_p50_us", "wait_share"],
        // (since design 19) the peak bytes per execution, median and highest, and the median temporary allocations.
        ["peak_bytes_p50", "peak_bytes_max", "temporary_allocs_p50"],
        // (since design 20) the population that played the step (empty without populations).
        [PopulationColumn.name])

    /// `summary.csv`: every metric a threshold can name, per variant (and step, as `metric(step)`).
    public static let summary = RunTable("summary.csv", ["scenario", "variant", "metric", "value", "unit"])

    /// `thresholds.csv`: each threshold's observed value and verdict.
    public static let thresholds = RunTable("thresholds.csv", ["scenario", "threshold", "observed", "passed"])

    /// `errors.csv`: per variant, step and error (type and case), how many and the first one's message and place.
    public static let errors = RunTable(
        "errors.csv", ["scenario", "variant", "step", "error", "count", "message", "first_vu", "first_iteration"],
        // (since design 20) the population that played the step (empty without populations).
        added: [PopulationColumn.name])

    /// `queries.csv`: per variant, step and distinct statement, SQLite's counts over the step's executions and the plan.
    public static let queries = RunTable(
        "queries.csv",
        ["scenario", "variant", "step", "statement", "executions", "runs", "vm_steps", "fullscan_steps", "sorts",
         "autoindex_rows", "plan"],
        // (since design 20) the population that played the step (empty without populations).
        added: [PopulationColumn.name])

    /// `instructions.csv` (`roost run --instructions`): per variant, step and function, own and inclusive instructions.
    public static let instructions = RunTable(
        "instructions.csv",
        ["scenario", "variant", "step", "function", "executions", "self_instructions", "inclusive_instructions"])

    /// `timeseries.csv` (streamed): per variant, second of the measured phase and step; (since
    /// design 15) the second's load on each of its rows.
    public static let timeSeries = RunTable(
        "timeseries.csv",
        ["scenario", "variant", "second", "step", "count", "errors", "p50_us", "p99_us", "max_us", "allocs", "bytes"],
        added: LoadColumns.timeSeriesColumns,
        // (since design 20) the population that played the step, whose load the row's load columns are.
        [PopulationColumn.name])

    /// `stages.csv` (design 15): per variant, stage and step, the stage's place, target and
    /// load, and the step's executions that started in it.
    public static let stages = RunTable(
        "stages.csv",
        ["scenario", "variant", "stage", "start_s", "end_s", "target", "virtual_users", "target_rate", "achieved_rate", "dropped",
         "step", "count", "errors", "p50_us", "p90_us", "p99_us", "max_us", "allocs_per_op", "statements_per_op"],
        // (since design 18) the step's median on-CPU time and waiting share; the stage's cores.
        added: ["cpu_p50_us", "wait_share", "cores_busy", "harness_share"],
        // (since design 20) the population whose load the stage is of (empty without populations).
        [PopulationColumn.name])

    /// `capacity.csv` (`roost capacity`): per probe and step, the rate asked and achieved, the verdict and the step's figures.
    public static let capacity = RunTable(
        "capacity.csv",
        ["probe", "target_rate", "achieved_rate", "dropped", "verdict", "failed", "step", "count", "errors", "p50_us", "p99_us",
         "allocs_per_op", "statements_per_op"],
        // (since design 18) the probe's users (allowed, and busy on average), its cores (busy share
        // and the harness's share of it), SQLite's writer's busy share, the mean threads waiting
        // for a core (the run queue), why its verdict, and the step's median on-CPU time and waiting share.
        added: ["virtual_users", "busy_users", "cores_busy", "harness_share", "writer_busy", "run_queue", "reason", "cpu_p50_us",
                "wait_share"],
        // (since design 20, written only for a scenario with populations) the population that played
        // the step, whether the search scaled or held it, and its load in the probe: the rate it was to
        // start (empty for a closed one), what it started and dropped, and the users it could use.
        ["population", "population_load", "population_target_rate", "population_achieved_rate", "population_dropped",
         "population_virtual_users"])

    /// `executions.csv` (streamed): per second, step and virtual user, executions by their exact
    /// allocations and bytes; (since design 19) and by their peak bytes and temporary allocations.
    public static let executions = RunTable(
        "executions.csv", ["scenario", "variant", "second", "step", "vu", "allocs", "bytes", "executions"],
        added: ["peak_bytes", "temporary_allocs"],
        // (since design 20) the population that played the step (empty without populations).
        [PopulationColumn.name])

    /// `distributions.csv`: per variant, step, virtual user and per-execution figure (`allocs`,
    /// `bytes`, SQLite's counts; `instructions` with no user), how many executions had each
    /// value: what the means and medians are made of, so `roost merge` adds them up exactly.
    public static let distributions = RunTable(
        "distributions.csv", ["scenario", "variant", "step", "vu", "figure", "value", "executions"])

    /// `memory.csv` (streamed): memory over time, a row per reading; (since long runs'
    /// rows a second, design 9) a row may be a second's readings (`readings` > 1): the values its last reading's,
    /// the `min_`/`max_` columns the second's extremes (empty in a row of one reading).
    public static let memory = RunTable(
        "memory.csv",
        ["scenario", "variant", "elapsed_ms", "iteration", "allocated_bytes", "resident_bytes", "rss_bytes",
         "live_tracked_objects"],
        added: ["readings", "min_allocated_bytes", "max_allocated_bytes", "min_rss_bytes", "max_rss_bytes"])

    /// `retention.csv` (streamed): after each close, the bytes the measured steps kept so far;
    /// (since long runs' rows a second) a row may be a second's closes (`closes` > 1): the values its
    /// highest-numbered close's, `min_`/`max_retained_bytes` the second's extremes, the `fit_`
    /// columns the retention fit over every close so far (empty in a row of one close).
    public static let retention = RunTable(
        "retention.csv",
        ["scenario", "variant", "close", "iteration", "step", "elapsed_ms", "retained_bytes", "live_tracked_objects"],
        added: ["closes", "min_retained_bytes", "max_retained_bytes", "fit_closes", "fit_bytes_per_close", "fit_intercept",
                "fit_r_squared", "fit_growth_bytes"])

    /// `leaks.csv`: objects that outlived their screen, by type, with their cycle and (since design 8) what they retain.
    public static let leaks = RunTable(
        "leaks.csv", ["scenario", "variant", "type", "created", "leaked", "leaked_bytes", "cycle"], added: ["retained_bytes"])

    /// `allocations.csv` (with an allocation profile): per variant, step and site; (since design
    /// 19) what of it was live at the peak of the step's median execution.
    public static let allocations = RunTable(
        "allocations.csv",
        ["scenario", "variant", "step", "site", "executions", "allocs", "bytes", "retained_allocs", "retained_bytes"],
        added: ["peak_allocs", "peak_bytes"],
        // (since design 20) the population that played the step (empty without populations).
        [PopulationColumn.name])

    /// `latencies.csv` (`roost run --timings-only`): every measured execution's latency.
    public static let latencies = RunTable("latencies.csv", ["scenario", "variant", "step", "vu", "execution", "latency_ns"])

    /// Every table, in the order docs/reports.md lists them.
    public static let all: [RunTable] = [
        .steps, .queries, .stages, .timeSeries, .executions, .distributions, .memory, .retention, .leaks, .summary, .thresholds, .errors,
        .run, .allocations, .instructions, .latencies, .capacity,
    ]
}
