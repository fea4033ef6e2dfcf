deps.feature { name = "Broken",
