"""Validates rendered Kubernetes manifests against the Kubernetes API schemas.

Usage: python validate.py KUBERNETES_VERSION FILE...   (run with the Python tools' virtualenv)

Every object of every file is checked with kubernetes-validate in strict mode (unknown fields are
errors). Prints one JSON object: {"checked": [{file, kind, apiVersion, name, result, message}]},
where result is "valid", "invalid" or "no-schema" (a custom resource, which the caller checks
against its own definition).
"""

import json
import sys

import kubernetes_validate
import yaml


def main() -> int:
    version, files = sys.argv[1], sys.argv[2:]
    checked = []
    for file in files:
        with open(file, encoding="utf-8") as handle:
            documents = [d for d in yaml.safe_load_all(handle) if d]
        for doc in documents:
            entry = {
                "file": file,
                "kind": doc.get("kind"),
                "apiVersion": doc.get("apiVersion"),
                "name": (doc.get("metadata") or {}).get("name"),
            }
            try:
                kubernetes_validate.validate(doc, version, strict=True)
                entry.update(result="valid", message="")
            except kubernetes_validate.SchemaNotFoundError as err:
                entry.update(result="no-schema", message=err.message)
            except kubernetes_validate.ValidationError as err:
                path = ".".join(str(p) for p in err.path)
                entry.update(result="invalid", message=f"{path}: {err.message}")
            checked.append(entry)
    json.dump({"checked": checked}, sys.stdout)
    return 0


if __name__ == "__main__":
    sys.exit(main())
