---@meta deps
-- Editor definitions of the Lua module `deps` (LuaCATS annotations, read by the Lua language
-- server, LuaLS): every function and field of `deps`, the methods and fields of `deps.Store`
-- and `deps.TestStore`, the option tables and the tables the functions return. Never loaded by
-- Lua: `require "deps"` is the C module (libDeps.so, Sources/DepsCABI/Lua); `---@meta deps`
-- makes LuaLS take this file for it. Installed beside the module as lib/lua/5.4/deps.d.lua
-- (scripts/install, the rockspec); docs/lua-api.md says how to point an editor at it.
-- Tests/Lua/stock/definitions.lua compares it with the live module both ways: a member added
-- to the module needs its annotation here, and an annotation needs its member.
-- The contract is docs/lua-api.md; what a message says is docs/teststore-contract.md.

-- MARK: Values

---A feature's state: a table with the state's members (JSON values as Lua values).
---@alias deps.State table<string, any>

---An action's name, e.g. `"incrementButtonTapped"`; its payload is the argument after it.
---@alias deps.ActionName string

---A dependency context: which value a dependency without an override resolves to.
---@alias deps.Context "live"|"preview"|"test"

---An assert function: changes the expected state in place, as TCA's `{ $0.count = 1 }`.
---@alias deps.Assert fun(state: deps.State)

---A dependencies function: assigns overrides to `d` (`withDependencies`), e.g.
---`d.numberFact.fetch = function(n) … end`, `d.uuid = "incrementing"`.
---@alias deps.DependenciesFunction fun(d: deps.Dependencies)

-- MARK: Options

---The table `deps.Store{…}` takes.
---@class deps.StoreOptions
---@field feature string|deps.FeatureInfo A registered name, or the table `deps.feature{}` returned.
---@field context? deps.Context Default: the module's context (`"live"`; depsh may change it).
---@field state? deps.State Merged onto the feature's default state.
---@field dependencies? deps.DependenciesFunction Overrides for the store (`withDependencies`).
---@field trace? boolean Keep a trace (`s:timeline()`, `s:trace()`, `s:steps()`).
---@field cassette? string|deps.CassetteOptions Record live calls to a file, or replay them.
---@field strict_overrides? boolean Fail `finish`/`close` on overrides that were never used.

---The table `deps.TestStore{…}` takes.
---@class deps.TestStoreOptions
---@field feature string|deps.FeatureInfo A registered name, or the table `deps.feature{}` returned.
---@field state? deps.State Merged onto the feature's default state.
---@field dependencies? deps.DependenciesFunction Overrides for the test (`withDependencies`).
---@field context? deps.Context Default `"test"`; `"preview"` or `"live"` resolve other defaults.
---@field exhaustivity? "on"|"off" Default `"on"`.
---@field trace? boolean Keep a trace: failures end with the last steps; `store:timeline()`.
---@field cassette? string|deps.CassetteOptions Replay recorded calls (docs/see-and-replay.md).
---@field strict_overrides? boolean `finish`/`close` fail on overrides that were never used.

---A cassette: recorded endpoint calls replayed in tests (docs/see-and-replay.md).
---@class deps.CassetteOptions
---@field file string The cassette's JSON file.
---@field mode? "once"|"none"|"new_episodes"|"all" Default `"once"`.
---@field secrets? string[] Key names whose values are never written to the file.
---@field match? "endpoint+arguments"|"endpoint" How a call finds its recording.

---The table `deps.feature{…}` takes: a reducer written in Lua.
---@class deps.FeatureOptions
---@field name string A name no built-in feature has.
---@field reduce fun(state: deps.State, action: deps.ActionName, payload: any): deps.Effect|deps.Effect[]|nil Changes `state` in place; returns nil or effects.
---@field state? deps.State The default state.
---@field actions? table<string|integer, string> Action names, or `name = "<payload type>"` (`"none"`, `"any"`, `"string"`, `"number"`, `"integer"`, `"boolean"`, `"object"`, `"array"`): unknown actions are then refused.
---@field dependencies? string[] The dependency paths the feature uses (`store:check_deps()`).
---@field children? (string|deps.FeatureInfo)[] Child features it runs (`store:check_deps()`).
---@field summary? string One line for `deps.features()` and the REPL's `.features`.

---The table `deps.register{…}` takes: a new dependency (a `DependencyKey`). Each function
---`fn` of any context becomes the endpoint `<name>.fn`; a context without it is unimplemented.
---@class deps.RegisterOptions
---@field name string The dependency's name, the first part of its paths.
---@field live? table<string, function> The live implementations.
---@field preview? table<string, function> The preview implementations.
---@field test? table<string, function> The test implementations.

---The options of `deps.run`.
---@class deps.RunOptions
---@field id? string Makes the effect cancellable by `deps.cancel(id)`.
---@field cancel_in_flight? boolean Cancel a running effect of the same id first.

---The options of `deps.test`.
---@class deps.TestOptions
---@field tags? string[] Words `depsh test --tags` / `--exclude-tags` select by.

---The spec `deps.explore(name, spec)` takes (docs/explore.md).
---@class deps.ExploreSpec
---@field feature string|deps.FeatureInfo A registered name, or the table `deps.feature{}` returned.
---@field state? deps.State Merged onto the feature's default state.
---@field dependencies? deps.DependenciesFunction As `deps.TestStore`'s, called for every run.
---@field actions? table<string|integer, deps.Generator|any> `name = generator` and/or names with the default generator of their declared payload type (default: every action of the feature).
---@field invariant? deps.Invariant|deps.Invariant[] Checked after every step.
---@field steps? integer Steps per run (default 10).
---@field runs? integer Runs (default 100).
---@field advance? deps.Generator|false Seconds the test clock moves after each step (default one of 0, 0.5, 1, 2; `false`: never).
---@field seed? integer The seed of this property (else `depsh test --seed`, else the time).
---@field tags? string[] As `deps.test`'s.

---An invariant: `ok, message`; no result at all also holds.
---@alias deps.Invariant fun(state: deps.State, action: deps.ActionName, payload: any): boolean?, string?

---The options of `property:store{…}`.
---@class deps.ExplorePropertyStoreOptions
---@field state? deps.State The first state (default: the property's).
---@field order? integer[] The recorded choices of which ready effect runs next (0: the oldest).

-- MARK: What functions return

---An entry of `deps.features()`.
---@class deps.FeatureInfo
---@field name string
---@field summary string
---@field state deps.State The default state.
---@field actions deps.ActionInfo[]
---@field dependencies string[] The dependency paths it declares.
---@field children? string[] The child features it declares (absent when none).

---An action of a `deps.FeatureInfo`.
---@class deps.ActionInfo
---@field name string
---@field payload? string The payload's type; absent when the action takes none.

---An entry of `deps.dependencies()`: an overridable dependency path.
---@class deps.DependencyInfo
---@field path string e.g. `"numberFact.fetch"`.
---@field input string The input's type (`"null"` when it takes none).
---@field output string The output's type.
---@field async boolean
---@field throws boolean
---@field contexts deps.Context[] The contexts it has a value in.
---@field presets? string[] The preset values it takes, described.

---`deps.runtime_paths()`: the path each runtime speed trick takes in this process.
---@class deps.RuntimePaths
---@field task_locals string `"fast"` or `"safe (<why>)"`.
---@field enum_layout string `"fast"` or `"safe (<why>)"`.
---@field enum_witnesses string `"fast"` or `"safe (<why>)"`.
---@field keyed_containers string `"fast"` or `"safe (<why>)"`.
---@field test_frameworks string `"fast"`, `"safe (<why>)"`, or `"not used (no test framework loaded)"`.
---@field effect_closures string `"fast"` or `"safe (<why>)"`.
---@field enqueue_hook string `"fast"` or `"safe (<why>)"` (the main serial executor's hook).

---An operation of `s:state_changes()` (JSON Patch, RFC 6902).
---@class deps.StateChange
---@field op "replace"|"add"|"remove"
---@field path string A JSON Pointer; array indexes count from 0.
---@field value? any Absent for a `remove`.

---A step of `s:steps()`: an action, an effect or an endpoint call of the trace.
---@class deps.TraceStep
---@field kind "send"|"receive"|"effect-started"|"effect-finished"|"call"|"read"
---@field name string The action, the effect (`"effect 1"`) or the endpoint.
---@field arguments? string A call's arguments as JSON text.
---@field outcome? string Its outcome as JSON text; `error: …` for an error.
---@field replayable? boolean Of a call: whether a cassette can replay it.
---@field layer? string Of a call or read: what supplied it (`live`, `preview`, `override`, `seed N`, …).

---A preset of `s:presets()`.
---@class deps.Preset
---@field path string
---@field value any
---@field after? integer Set on the open store after this many handled actions.

---A test collected by `deps.test` while `deps._collecting` is true (the test runner's view).
---@class deps.CollectedTest
---@field name string
---@field fn function
---@field source string
---@field line integer
---@field tags string[]

-- MARK: The dependency proxy

---The `d` a dependencies function receives, and `store.dependencies`: `d.a.b` names the path
---`a.b`; assigning a function overrides an endpoint, any other value is a preset
---(`d.uuid = "incrementing"`, `d.date.now = 0`, `d.continuousClock = "immediate"`,
---`d.random = { seed = 1 }`). An unknown path raises with the close matches.
---@class deps.Dependencies
---@field [string] deps.Dependencies|function|string|number|boolean|table

-- MARK: Effects

---An effect a reducer returns: from `deps.run(…)` or `deps.cancel(id)`.
---@class deps.Effect

---The `send` a `deps.run` function receives: sends an action back into the store and waits
---until it is handled.
---@alias deps.Send fun(action: deps.ActionName, payload?: any)

-- MARK: deps.Store

---A running feature: `deps.Store{feature = "Counter"}`. Closed by `s:close()`, `<close>`
---or collection (running effects are cancelled).
---@class deps.Store
---@field feature string The feature's name.
---@field context deps.Context The store's context.
---@field closed boolean Whether the store is closed.
---@field state deps.State A copy of the current state (also marks it read for `s:state_patch()`).
---@field initial_state deps.State The state the store opened with.
---@field busy boolean Whether effects are running.
---@field dependencies deps.Dependencies Assign to change overrides for later actions.
local Store = {}

---Reduces the action and runs its effects until they wait.
---@param action deps.ActionName
---@param payload? any
function Store:send(action, payload) end

---Pumps effects until idle, at most `seconds` (default 1).
---@param seconds? number
---@return boolean idle true when no effect is running any more
function Store:run(seconds) end

---Observes every action the store handles (nil stops).
---@param fn? fun(action: deps.ActionName, payload: any, state: deps.State)
function Store:on_action(fn) end

---Closes the store; running effects are cancelled.
function Store:close() end

---The descriptor readable while the store has work ready (docs/embedding.md).
---@return integer fd
function Store:fd() end

---Runs the ready work without blocking.
---@return boolean idle true when no effect is running
function Store:pump() end

---The seconds until the next live-clock deadline (0: work is ready now).
---@return number? seconds nil when nothing is scheduled
function Store:next_deadline() end

---What changed since the last `s.state` / `s:state_patch()`, as a merge patch (RFC 7386): a
---removed member is `deps.null`; the first call gives the whole state, `{}` means no change.
---@return table patch
function Store:state_patch() end

---What changed since the previous `s:state_changes()`, as JSON Patch operations.
---@return deps.StateChange[] changes
function Store:state_changes() end

---The trace's timeline (a store opened with `trace = true` or a cassette).
---@param format? "text"|"mermaid" Default `"text"`.
---@return string timeline
function Store:timeline(format) end

---Every call and built-in read of the trace, with the layer that answered.
---@return string trace
function Store:trace() end

---The trace's steps.
---@return deps.TraceStep[] steps
function Store:steps() end

---The presets the store's dependencies function set, then those set on the open store.
---@return deps.Preset[] presets
function Store:presets() end

-- MARK: deps.TestStore

---An exhaustive test of a feature: `deps.TestStore{feature = "NumberFact", …}`, the seed's
---`TestStore`. A failed assertion raises an error that starts with the caller's `file:line`,
---followed by the explanation and the diff; the store stays usable.
---@class deps.TestStore
---@field feature string The feature's name.
---@field closed boolean Whether the store is closed.
---@field state deps.State A copy of the current state.
---@field exhaustivity "on"|"off" Assignable.
---@field dependencies deps.Dependencies Assign to change overrides for later actions.
local TestStore = {}

---Sends an action; `assert` changes the expected state (nil: no change expected).
---@param action deps.ActionName
---@param payload? any
---@param assert? deps.Assert
function TestStore:send(action, payload, assert) end

---Receives an action an effect sent, waiting at most `timeout` seconds (default 1).
---@param action deps.ActionName
---@param payload? any
---@param assert? deps.Assert
---@param timeout? number
function TestStore:receive(action, payload, assert, timeout) end

---Advances the store's test clock (`d.continuousClock = "test"`).
---@param seconds number
function TestStore:advance(seconds) end

---Waits at most `timeout` seconds (default 1) for effects; fails while some still run.
---@param timeout? number
function TestStore:finish(timeout) end

---Skips the actions received and not asserted.
---@param strict? boolean Default true: raise when there is nothing to skip.
function TestStore:skip_received_actions(strict) end

---Cancels the effects still running, without failing.
---@param strict? boolean Default true: raise when there is nothing to skip.
function TestStore:skip_in_flight_effects(strict) end

---Ends the test: unreceived actions and running effects fail here.
function TestStore:close() end

---The trace's timeline (a store opened with `trace = true` or a cassette).
---@param format? "text"|"mermaid" Default `"text"`.
---@return string timeline
function TestStore:timeline(format) end

---Every call and built-in read of the trace, with the layer that answered.
---@return string trace
function TestStore:trace() end

---The overrides of the store that were never used, as notes.
---@return string[] notes
function TestStore:unused_overrides() end

---The dependency paths of the feature (and its declared children) with neither a test value
---nor an override, then the declared children that are not registered.
---@return string[] uncovered
---@return string[] unknown_children
function TestStore:check_deps() end

-- MARK: Explore

---A generator of `deps.gen`: draws a value, shrinks toward its simplest one.
---@class deps.Generator

---A property of a spec file, loaded back by `deps.explore_property` (a repro's first line).
---@class deps.ExploreProperty
---@field name string
---@field feature string The feature's name.
---@field spec deps.ExploreSpec
---@field check fun(state: deps.State, action: deps.ActionName, payload: any) Runs the invariants; raises the first failure.
---@field store fun(self: deps.ExploreProperty, options?: deps.ExplorePropertyStoreOptions): deps.TestStore A test store opened as the property's runs open theirs.

---The generators of `deps.explore`'s actions (`deps.gen.integer(0, 9)`). `integer`, `number`,
---`string`, `boolean` and `none` may also be named without a call (their defaults).
---@class deps.gen
local gen = {}

---An integer from `lo` to `hi` (default -100, 100); shrinks toward the bound nearest 0.
---@param lo? integer
---@param hi? integer
---@return deps.Generator
function gen.integer(lo, hi) end

---A number from `lo` to `hi` in thousandths (default -100, 100); shrinks toward 0.
---@param lo? number
---@param hi? number
---@return deps.Generator
function gen.number(lo, hi) end

---A string of at most `max` characters (default 8) from `alphabet` (default letters, digits
---and space); shrinks toward fewer, earlier characters.
---@param max? integer
---@param alphabet? string
---@return deps.Generator
function gen.string(max, alphabet) end

---`false` or `true` (simplest `false`).
---@return deps.Generator
function gen.boolean() end

---One of the alternatives (generators or plain values); the first is the simplest.
---@param alternatives any[]
---@return deps.Generator
function gen.one_of(alternatives) end

---Always `value`.
---@param value any
---@return deps.Generator
function gen.constant(value) end

---No payload.
---@return deps.Generator
function gen.none() end

---A table whose fields come from their generators (or plain values).
---@param fields table<string, any>
---@return deps.Generator
function gen.table(fields) end

---A list of at most `max` (default 5) values of `generator`; shrinks toward fewer, simpler ones.
---@param generator deps.Generator|any
---@param max? integer
---@return deps.Generator
function gen.list(generator, max) end

-- MARK: The module

---The module `deps` (`require "deps"`; the global `deps` inside depsh).
---@class deps
---@field version string The library's version, `"x.y.z"`.
---@field null lightuserdata A removed member in `s:state_patch()`.
---@field _trace? fun(store: deps.Store, action: deps.ActionName, payload: any, state: deps.State) Set by a host (depsh's REPL): called for every action every store handles.
---@field _collecting? boolean Set by a test runner (depsh test): `deps.test` collects instead of running.
---@field _tests? deps.CollectedTest[] What `deps.test` collected while `_collecting` was true.
---@field gen deps.gen The generators of `deps.explore`.
---@field _explore_seed? integer Set by a test runner (`depsh test --seed`): the seed of every property without its own.
---@field _explore_report? fun(name: string, report: string) Set by a test runner: told the report of a property that held.
---@field _explore_repro? fun(info: table): string? Set by a test runner (`depsh test --repro`): told a falsified property, returns the repro's path.
local deps = {}

---The registered features.
---@return deps.FeatureInfo[] features
function deps.features() end

---The overridable dependency paths.
---@return deps.DependencyInfo[] dependencies
function deps.dependencies() end

---Which path each runtime speed trick takes in this process (a diagnostic); a new table.
---@return deps.RuntimePaths paths
function deps.runtime_paths() end

---Opens an exhaustive test store.
---@param options deps.TestStoreOptions
---@return deps.TestStore
function deps.TestStore(options) end

---Opens a store.
---@param options deps.StoreOptions
---@return deps.Store
function deps.Store(options) end

---The module's open `deps.Store`s, in no set order (what an event loop watches).
---@return deps.Store[] stores
function deps.stores() end

---Runs `operation` with the overrides `fn` assigns (`withDependencies`).
---@generic R
---@param fn deps.DependenciesFunction
---@param operation fun(): R
---@return R ...
function deps.with_dependencies(fn, operation) end

---A function that calls the endpoint `path` in the scope current when it is called
---(`@Dependency`); `calendar`, `locale` and `timeZone` are read as their identifier.
---@param path string e.g. `"date.now"`, `"numberFact.fetch"`.
---@return fun(input?: any): any
function deps.dependency(path) end

---Values for the whole Lua state (until `deps._reset()`), set before first use.
---@param fn deps.DependenciesFunction
function deps.prepare_dependencies(fn) end

---Registers a new dependency; returns the paths it registered.
---@param options deps.RegisterOptions
---@return string[] paths
function deps.register(options) end

---A function that reports an issue and fails when called (as an override, the endpoint then
---throws).
---@param description string e.g. `"greeting.hello"`.
---@return function
function deps.unimplemented(description) end

---Defines a feature written in Lua; returns its catalogue entry (usable as `feature =`).
---@param options deps.FeatureOptions
---@return deps.FeatureInfo
function deps.feature(options) end

---An effect running `fn` (a coroutine: `send`, `deps.sleep` and endpoint calls wait inside).
---@param fn fun(send: deps.Send)
---@param options? deps.RunOptions
---@return deps.Effect
function deps.run(fn, options) end

---An effect cancelling the running effects started with `{id = id}`.
---@param id string
---@return deps.Effect
function deps.cancel(id) end

---Waits on the store's `continuousClock` (inside a `deps.run` function only).
---@param seconds number
function deps.sleep(seconds) end

---A test: runs `fn` with fresh dependencies (collected instead under `depsh test`); the test
---stores it leaves open fail it.
---@param name string
---@param options deps.TestOptions
---@param fn fun()
---@overload fun(name: string, fn: fun())
function deps.test(name, options, fn) end

---A property: generated action sequences through a test store of `spec.feature`, the
---invariants checked after every step; the first failing run is shrunk and reported
---(`falsified after R runs (seed S): shrunk to N steps`). Collected as a test under
---`depsh test`; called directly, returns `passed R runs, T steps (seed S)` or raises the report.
---@param name string
---@param spec deps.ExploreSpec
---@return string? report
function deps.explore(name, spec) end

---The property `name` of the spec file at `path` (its top level runs with its tests collected
---aside, its directory first on `package.path`).
---@param path string
---@param name string
---@return deps.ExploreProperty
function deps.explore_property(path, name) end

---Runs `fn` expecting an issue (Swift's `withKnownIssue`): every issue raised inside and the
---leftovers of the test stores `fn` opens (closed when it returns) are taken instead of failing
---the test. Passes when one contains `pattern` (a plain substring; none: any issue) and returns
---their messages; raises `expected an issue matching "…", none was reported` otherwise.
---@param fn fun()
---@param pattern? string
---@return string[]
function deps.expect_issue(fn, pattern) end

---Ends the current test for a runner that is not `deps.test` (busted): closes the stores
---still open, resets the dependencies, raises on test-store leftovers.
function deps.end_test() end

---busted's `it`, wrapped so each test ends with `deps.end_test()` inside it:
---`local it = deps.checked_it(it)`.
---@param it function
---@return function
function deps.checked_it(it) end

---For test runners: fresh dependencies, every store closed; returns the leftovers of the test
---stores it closed.
---@return string? leftovers
function deps._reset() end

---For hosts: the context of `deps.Store{}` without `context =` (and of top-level
---`deps.dependency(…)` calls).
---@param context deps.Context
function deps._set_context(context) end

---For hosts: the context `deps._set_context` set (default `"live"`).
---@return deps.Context
function deps._context() end

---For `depsh test --update`: the number of the last state mismatch of a test store (0: none),
---then its expected state before the assertion, its actual state and whether the store was
---exhaustive.
---@return integer serial
---@return deps.State? before
---@return deps.State? actual
---@return boolean? exhaustive
function deps._state_mismatch() end

return deps
