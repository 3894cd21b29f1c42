"""The table's peers, as the nightly run names them to `conform --impl`."""
import unittest

from sptriage import targets


class PeersTest(unittest.TestCase):
    def test_a_peer_two_formats_list_is_one_implementation(self):
        vkd3d = {"name": "vkd3d-compiler", "command": ["vkd3d-compiler", "{input}"], "output": "", "note": ""}
        obj2yaml = {"name": "obj2yaml-22", "command": ["obj2yaml-22", "{input}"], "output": "obj2yaml", "note": ""}
        table = targets.Table([], [{"name": "dxcontainer", "peers": [obj2yaml, vkd3d]},
                                   {"name": "fxc", "peers": [vkd3d]}], None)
        self.assertEqual([p["name"] for p in table.peers()], ["obj2yaml-22", "vkd3d-compiler"])


if __name__ == "__main__":
    unittest.main()
