-- Its top level ends the process: reported, and the listing goes on.
os.exit(3)
