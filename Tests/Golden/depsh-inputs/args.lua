-- For the golden test of `arg` (like lua.c) and `...`, in the live context.
print("arg[-1]", arg[-1])
print("arg[0]", arg[0])
for i = 1, #arg do print("arg[" .. i .. "]", arg[i]) end
print("...", select("#", ...), ...)
print("context", deps._context())
