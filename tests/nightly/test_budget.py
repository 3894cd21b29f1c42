"""How scripts/nightly shares its fuzzing minutes among the targets."""
import unittest

from spnightly import cli


class FuzzBudget(unittest.TestCase):
    def test_minutes_are_fuzzing_time_shared_equally(self):
        self.assertEqual(cli.fuzz_budget(20, 4), (20, 300))

    def test_the_default_gives_every_target_a_minute(self):
        self.assertEqual(cli.fuzz_budget(None, 4), (10, 150))   # 10 minutes among 4
        self.assertEqual(cli.fuzz_budget(None, 16), (16, 60))   # more targets than minutes

    def test_a_short_night_still_fuzzes_each_target_a_little(self):
        self.assertEqual(cli.fuzz_budget(1, 12)[1], cli.MIN_SECONDS_PER_TARGET)


if __name__ == "__main__":
    unittest.main()
