"""Validates rendered Kubernetes manifests against the Kubernetes API schemas and, for custom
resources, against their CustomResourceDefinitions.

Usage: python validate.py KUBERNETES_VERSION CRD_DIR FILE...   (with the Python tools' virtualenv)

Every object of every file is checked with kubernetes-validate in strict mode (unknown fields are
errors, as `kubectl apply` reports them). A custom resource whose definition is in CRD_DIR (any
depth, *.yaml) is checked against that definition's openAPIV3Schema, strictly too: a field the
schema does not declare is an error unless the schema preserves unknown fields there. Prints one
JSON object: {"checked": [{file, kind, apiVersion, name, result, message}]}, where result is
"valid", "invalid" or "no-schema" (neither a Kubernetes kind nor a definition in CRD_DIR).
"""

import copy
import functools
import json
import pathlib
import sys

import jsonschema
import kubernetes_validate
import yaml
from kubernetes_validate import utils as kubernetes_validate_utils

# kubernetes-validate reads its schema files again for every object; read each once.
kubernetes_validate_utils.schema_contents = functools.lru_cache(maxsize=None)(
    kubernetes_validate_utils.schema_contents
)


def strict_schema(schema):
    """The OpenAPI v3 schema of a CRD as JSON Schema, closed where Kubernetes would prune."""
    schema = copy.deepcopy(schema)

    def walk(node):
        if not isinstance(node, dict):
            return node
        if node.pop("nullable", False) and "type" in node:
            node["type"] = [node["type"], "null"]
        if node.pop("x-kubernetes-int-or-string", False):
            node.pop("type", None)
            node["anyOf"] = [{"type": "integer"}, {"type": "string"}]
        preserve = node.pop("x-kubernetes-preserve-unknown-fields", False)
        for key in list(node):
            if key.startswith("x-kubernetes-"):
                node.pop(key)
        for key in ("properties", "patternProperties"):
            if key in node:
                node[key] = {k: walk(v) for k, v in node[key].items()}
        for key in ("items", "additionalProperties", "not"):
            if isinstance(node.get(key), dict):
                node[key] = walk(node[key])
        for key in ("allOf", "anyOf", "oneOf"):
            if key in node:
                node[key] = [walk(v) for v in node[key]]
        if "properties" in node and "additionalProperties" not in node and not preserve:
            node["additionalProperties"] = False
        return node

    return walk(schema)


def load_definitions(directory):
    """(apiVersion, kind) -> validator, from every CRD under directory."""
    validators = {}
    for file in sorted(pathlib.Path(directory).rglob("*.yaml")):
        with open(file, encoding="utf-8") as handle:
            for doc in yaml.safe_load_all(handle):
                if not doc or doc.get("kind") != "CustomResourceDefinition":
                    continue
                spec = doc["spec"]
                for version in spec["versions"]:
                    schema = strict_schema(version["schema"]["openAPIV3Schema"])
                    # metadata is the API server's; the CRD schema leaves it open.
                    schema.setdefault("properties", {})["metadata"] = {"type": "object"}
                    schema["properties"]["apiVersion"] = {"type": "string"}
                    schema["properties"]["kind"] = {"type": "string"}
                    key = (f"{spec['group']}/{version['name']}", spec["names"]["kind"])
                    validators[key] = (
                        jsonschema.Draft202012Validator(schema),
                        f"{file.parent.name}/{file.name}",
                    )
    return validators


def main() -> int:
    version, crd_dir, files = sys.argv[1], sys.argv[2], sys.argv[3:]
    definitions = load_definitions(crd_dir)
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
                definition = definitions.get((entry["apiVersion"], entry["kind"]))
                if definition is None:
                    entry.update(result="no-schema", message=err.message)
                else:
                    validator, source = definition
                    errors = sorted(validator.iter_errors(doc), key=lambda e: list(e.path))
                    if errors:
                        found = "; ".join(
                            f"{'.'.join(str(p) for p in e.path)}: {e.message}" for e in errors[:5]
                        )
                        entry.update(result="invalid", message=f"{source}: {found}")
                    else:
                        entry.update(result="valid", message=f"against {source}")
            except kubernetes_validate.ValidationError as err:
                path = ".".join(str(p) for p in err.path)
                entry.update(result="invalid", message=f"{path}: {err.message}")
            checked.append(entry)
    json.dump({"checked": checked}, sys.stdout)
    return 0


if __name__ == "__main__":
    sys.exit(main())
