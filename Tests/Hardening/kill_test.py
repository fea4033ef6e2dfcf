#!/usr/bin/env python3
"""Crash safety of the live userDefaults file (Sources/DepsCatalogue/Support/UserDefaultsFile.swift).

1. Kill test: a writer process (depsh running userdefaults_writer.lua in the live context,
   DEPS_DATA_DIR in a temporary directory) writes counter values n, n+1, … under one key and
   logs each value once its write has returned. It is SIGKILLed at a random point, ITERATIONS
   times; each next writer continues after the value the file holds. After every kill the file
   must parse, keep every other key unchanged, and hold under the key either the last logged
   value (the old contents) or the one after it (the new contents, written but not yet logged).
2. Concurrent writers: two writers add different keys at the same time; no key is lost.
3. A writer killed while another runs: the survivor's keys all arrive, the lock is not stuck.

Usage: kill_test.py DEPSH [ITERATIONS]   (default 200). Prints `ok - …` / `not ok - …` lines and
the figures; exit 1 on any failure.
"""
import json
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
WRITER = os.path.join(HERE, "userdefaults_writer.lua")
KEY = "counter"
PADDING = "x" * 4096

passed = 0
failed = 0


def report(ok, name, detail=""):
    global passed, failed
    if ok:
        passed += 1
        print(f"ok - {name}")
    else:
        failed += 1
        print(f"not ok - {name}")
        for line in detail.splitlines():
            print(f"    {line}")
    sys.stdout.flush()


def load(path):
    """The file's object ({} when absent); raises ValueError when it does not parse."""
    if not os.path.exists(path):
        return {}
    with open(path, "rb") as handle:
        data = handle.read()
    value = json.loads(data.decode("utf-8"))
    if not isinstance(value, dict):
        raise ValueError("the file does not hold a JSON object")
    return value


def logged(path):
    """The values a writer logged as written (complete lines only)."""
    try:
        with open(path) as handle:
            text = handle.read()
    except FileNotFoundError:
        return []
    lines = text.split("\n")[:-1]  # a line without its newline was cut by the kill
    return [int(line) for line in lines if line]


def writer(depsh, data, key, start, count, log="", padding=4096):
    env = dict(os.environ, DEPS_DATA_DIR=data)
    return subprocess.Popen(
        [depsh, "--context", "live", WRITER, key, str(start), str(count), log, str(padding)],
        env=env, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)


def kill_test(depsh, iterations, work):
    data = os.path.join(work, "kill")
    os.makedirs(data)
    path = os.path.join(data, "userDefaults.json")
    # Another key that must survive every crash.
    seed = subprocess.run(
        [depsh, "--context", "live", "-e",
         'deps.dependency("userDefaults.set"){key = "keep", value = {intact = true}}'],
        env=dict(os.environ, DEPS_DATA_DIR=data), capture_output=True, text=True)
    if seed.returncode != 0:
        report(False, "seed the userDefaults file", seed.stderr)
        return
    rng = random.Random(int(os.environ.get("KILL_TEST_SEED", "6")))
    problems = []
    new_contents = old_contents = 0
    writes = 0
    started = time.monotonic()
    for iteration in range(1, iterations + 1):
        before = load(path)
        previous = before.get(KEY, {}).get("n", 0)
        log = os.path.join(work, "writer.log")
        open(log, "w").close()
        process = writer(depsh, data, KEY, previous + 1, 1_000_000, log)
        # Kill at a random point: after 0-2 completed writes, plus 0-20 ms (a write takes a
        # few ms), so kills land before, inside and between writes.
        wait_for = rng.randint(0, 2)
        deadline = time.monotonic() + 5
        while len(logged(log)) < wait_for and time.monotonic() < deadline:
            if process.poll() is not None:
                break
            time.sleep(0.001)
        time.sleep(rng.uniform(0, 0.020))
        process.send_signal(signal.SIGKILL)
        _, stderr = process.communicate()
        if process.returncode != -signal.SIGKILL:
            problems.append(f"iteration {iteration}: the writer ended by itself "
                            f"({process.returncode}): {stderr.decode(errors='replace')}")
            continue
        done = logged(log)
        writes += len(done)
        last = done[-1] if done else previous
        try:
            after = load(path)
        except (ValueError, UnicodeDecodeError) as error:
            problems.append(f"iteration {iteration}: the file does not parse: {error}")
            shutil.copy(path, os.path.join(work, f"broken-{iteration}.json"))
            break
        value = after.get(KEY)
        others_before = {k: v for k, v in before.items() if k != KEY}
        others_after = {k: v for k, v in after.items() if k != KEY}
        if others_before != others_after:
            problems.append(f"iteration {iteration}: other keys changed: "
                            f"{sorted(others_before)} -> {sorted(others_after)}")
        if value is None and last == 0:
            old_contents += 1
            continue
        if not isinstance(value, dict) or value.get("padding") != PADDING:
            problems.append(f"iteration {iteration}: {KEY} holds a torn value: {str(value)[:80]}")
            continue
        if value.get("n") == last:
            old_contents += 1
        elif value.get("n") == last + 1:
            new_contents += 1
        else:
            problems.append(f"iteration {iteration}: {KEY} = {value.get('n')}, expected the last "
                            f"logged value {last} or the next one {last + 1}")
    elapsed = time.monotonic() - started
    leftovers = [name for name in os.listdir(data)
                 if name not in ("userDefaults.json", "userDefaults.json.lock",
                                 "userDefaults.json.tmp")]
    report(not problems,
           f"userDefaults survives {iterations} SIGKILLs of a writer: the file always parses and "
           f"holds the old ({old_contents}) or the new ({new_contents}) contents "
           f"({writes} logged writes, {elapsed:.1f} s)",
           "\n".join(problems[:10]))
    report(not leftovers, "the killed writers leave no stray files (at most the one reused "
           "userDefaults.json.tmp)", " ".join(sorted(leftovers)[:10]))
    print(f"# kill-test iterations: {iterations}")


def concurrent_test(depsh, work, count=150):
    data = os.path.join(work, "concurrent")
    os.makedirs(data)
    path = os.path.join(data, "userDefaults.json")
    writers = [writer(depsh, data, f"{name}.%d", 1, count, padding=16) for name in ("a", "b")]
    errors = [w.communicate()[1].decode(errors="replace") for w in writers]
    codes = [w.returncode for w in writers]
    try:
        contents = load(path)
    except ValueError as error:
        report(False, "two concurrent writers: the file parses", str(error))
        return
    missing = [f"{name}.{n}" for name in ("a", "b") for n in range(1, count + 1)
               if contents.get(f"{name}.{n}", {}).get("n") != n]
    report(codes == [0, 0] and not missing,
           f"two processes writing {count} different keys each at the same time lose no key "
           f"({len(contents)} keys)",
           f"exit codes {codes}; missing {missing[:10]}\n{errors[0]}{errors[1]}")

    # One writer killed mid-way while the other goes on: the survivor's keys all arrive.
    data = os.path.join(work, "concurrent-kill")
    os.makedirs(data)
    path = os.path.join(data, "userDefaults.json")
    survivor = writer(depsh, data, "s.%d", 1, count, padding=16)
    victim = writer(depsh, data, "v.%d", 1, 1_000_000, padding=16)
    time.sleep(0.5)
    victim.send_signal(signal.SIGKILL)
    victim.communicate()
    _, stderr = survivor.communicate(timeout=60)
    try:
        contents = load(path)
    except ValueError as error:
        report(False, "a writer killed beside another: the file parses", str(error))
        return
    missing = [n for n in range(1, count + 1) if contents.get(f"s.{n}", {}).get("n") != n]
    victims = sorted(int(k[2:]) for k in contents if k.startswith("v."))
    gaps = victims != list(range(1, len(victims) + 1))
    report(survivor.returncode == 0 and not missing and not gaps,
           f"a writer SIGKILLed while another writes: all {count} of the survivor's keys and "
           f"the victim's {len(victims)} completed keys are there",
           f"exit {survivor.returncode}; missing {missing[:10]}; victim keys with gaps: {gaps}\n"
           + stderr.decode(errors="replace"))


def main():
    if len(sys.argv) < 2:
        print("usage: kill_test.py DEPSH [ITERATIONS]", file=sys.stderr)
        return 2
    depsh = sys.argv[1]
    iterations = int(sys.argv[2]) if len(sys.argv) > 2 else 200
    work = tempfile.mkdtemp(prefix="deps-kill-")
    try:
        kill_test(depsh, iterations, work)
        concurrent_test(depsh, work)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print(f"{passed} passed, {failed} failed")
    return 0 if failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
