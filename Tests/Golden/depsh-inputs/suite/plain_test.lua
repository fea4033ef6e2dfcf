-- A file without deps.test: the whole file is one test, named after the file.
assert(1 + 1 == 2)
