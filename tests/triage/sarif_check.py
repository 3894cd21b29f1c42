"""The structural check of a SARIF log against the 2.1.0 schema's required
fields (sarif-2.1.0-required.schema.json), with Debian's python3-jsonschema."""
import json

import jsonschema

from .support import SARIF_REQUIRED_SCHEMA


def sarif_errors(log: dict) -> list[str]:
    schema = json.loads(SARIF_REQUIRED_SCHEMA.read_text())
    validator = jsonschema.Draft7Validator(schema, format_checker=jsonschema.FormatChecker())
    return [f"{'/'.join(map(str, e.absolute_path))}: {e.message}" for e in validator.iter_errors(log)]
