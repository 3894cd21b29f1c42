"""Mutation testing of the fuzzing harness (scripts/mutants). The catalogue:
plants one bug of catalog at a time in a scratch copy of the tree (tree),
fuzzes it, and scores how many bugs the fuzz targets find (cli). --random:
mutants drawn at random from every site of the parsers (lexer, sites),
compiled all at once into one schema build (schema), run against every
oracle that reaches them (oracles) and scored (report, random_mode)."""
