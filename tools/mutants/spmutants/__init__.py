"""Mutation testing of the fuzzing harness (scripts/mutants): plants one
bug at a time in a scratch copy of the tree, fuzzes it, and scores how many
bugs the fuzz targets find. catalog holds the bugs, tree the scratch copy,
cli the run."""
