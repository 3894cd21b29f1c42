"""How scripts/nightly shares its minutes among the targets."""
import unittest

from spnightly import cli


def last_night(after_fuzzing: float, budget: int, walls: list) -> dict:
    return {"timings": {"after fuzzing": after_fuzzing}, "seconds_per_target": budget,
            "fuzzing": [{"target": f"t{i}", "seconds": w} for i, w in enumerate(walls)]}


class FuzzSeconds(unittest.TestCase):
    def test_first_night_keeps_the_default_reserve(self):
        # 540 s left, 150 reserved, 18 of safety: 372 / 4 targets - 5 overrun.
        self.assertEqual(cli.fuzz_seconds([], 540, 4, 10), 88)

    def test_the_slowest_target_sets_the_overrun(self):
        # The night that ran to 624 s: 67 s asked, one target took 79.
        history = [last_night(34.6, 67, [68, 70, 79, 67])]
        seconds = cli.fuzz_seconds(history, 590, 4, 10)
        self.assertEqual(seconds, int((590 - 34.6 - 18) / 4 - 12))
        # Every target taking as long as the slowest still ends in time.
        self.assertLessEqual(4 * (seconds + 12) + 34.6, 590)

    def test_histories_without_wall_times_count_no_overrun(self):
        history = [last_night(30, 60, [None, None])]
        self.assertEqual(cli.fuzz_seconds(history, 600, 2, 10), int((600 - 30 - 18) / 2))

    def test_a_short_night_still_fuzzes_each_target_a_little(self):
        self.assertEqual(cli.fuzz_seconds([], 100, 9, 10), cli.MIN_SECONDS_PER_TARGET)


if __name__ == "__main__":
    unittest.main()
