#!/usr/bin/env bash
# Regenerates the CustomResourceDefinitions in this folder from the operators' published API
# packages, with the generators the operators' own builds use:
#   - Strimzi: the io.strimzi:api classes (Maven Central) through io.strimzi:crd-generator
#     (the newest generator published there is 0.45.0; it reads the 0.47.0 classes).
#   - MongoDB Community operator, KEDA, External Secrets, Prometheus Operator: their Go API
#     packages (Go modules) through controller-gen, each in a module of its own so that it is
#     built against the Kubernetes API version the operator release uses. Descriptions are left
#     out (maxDescLen=0); the schemas are otherwise those the operators install.
# Needs java + mvn and go. Run from anywhere: bash k8s/schemas/generate.sh
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

STRIMZI=0.47.0
STRIMZI_CRD_GENERATOR=0.45.0
CONTROLLER_GEN=v0.16.5

# ---------------------------------------------------------------- Strimzi
mkdir -p "$work/strimzi" "$here/strimzi-$STRIMZI"
cat > "$work/strimzi/pom.xml" <<POM
<project xmlns="http://maven.apache.org/POM/4.0.0">
  <modelVersion>4.0.0</modelVersion>
  <groupId>local</groupId><artifactId>crdgen</artifactId><version>1</version>
  <dependencies>
    <dependency><groupId>io.strimzi</groupId><artifactId>api</artifactId><version>$STRIMZI</version></dependency>
    <dependency><groupId>io.strimzi</groupId><artifactId>crd-generator</artifactId><version>$STRIMZI_CRD_GENERATOR</version></dependency>
  </dependencies>
</project>
POM
(cd "$work/strimzi" && mvn -q dependency:build-classpath -Dmdep.outputFile=cp.txt)
out="$here/strimzi-$STRIMZI"
java -cp "$(cat "$work/strimzi/cp.txt")" io.strimzi.crdgenerator.CrdGenerator \
  --yaml --label app:strimzi --label strimzi.io/crd-install:true --target-kube 1.25+ \
  --crd-api-version v1 --api-versions v1beta2 --storage-version v1beta2 \
  "io.strimzi.api.kafka.model.kafka.Kafka=$out/040-Crd-kafka.yaml" \
  "io.strimzi.api.kafka.model.nodepool.KafkaNodePool=$out/04A-Crd-kafkanodepool.yaml" \
  "io.strimzi.api.kafka.model.topic.KafkaTopic=$out/043-Crd-kafkatopic.yaml" \
  "io.strimzi.api.kafka.model.user.KafkaUser=$out/044-Crd-kafkauser.yaml" 2>/dev/null

# ---------------------------------------------------------------- Go operators
GOBIN="$work/bin" go install "sigs.k8s.io/controller-tools/cmd/controller-gen@$CONTROLLER_GEN"
generate() { # folder module version package crd-file
  local dir="$work/$1"
  mkdir -p "$dir" "$here/$1"
  (
    cd "$dir"
    go mod init crdgen >/dev/null 2>&1
    printf 'package crdgen\n\nimport _ "%s"\n' "$4" > tools.go
    GOFLAGS=-mod=mod go get "$2@$3" >/dev/null 2>&1
    GOFLAGS=-mod=mod go mod tidy >/dev/null 2>&1
    GOFLAGS=-mod=mod "$work/bin/controller-gen" crd:allowDangerousTypes=true,maxDescLen=0 \
      paths="$4" output:crd:dir="$dir/out"
  )
  cp "$dir/out/$5" "$here/$1/$5"
}
generate mongodb-kubernetes-operator-0.13.0 github.com/mongodb/mongodb-kubernetes-operator v0.13.0 \
  github.com/mongodb/mongodb-kubernetes-operator/api/v1 mongodbcommunity.mongodb.com_mongodbcommunity.yaml
generate keda-2.17.2 github.com/kedacore/keda/v2 v2.17.2 \
  github.com/kedacore/keda/v2/apis/keda/v1alpha1 keda.sh_scaledobjects.yaml
generate external-secrets-0.16.2 github.com/external-secrets/external-secrets v0.16.2 \
  github.com/external-secrets/external-secrets/apis/externalsecrets/v1 external-secrets.io_externalsecrets.yaml
generate prometheus-operator-0.83.0 github.com/prometheus-operator/prometheus-operator/pkg/apis/monitoring v0.83.0 \
  github.com/prometheus-operator/prometheus-operator/pkg/apis/monitoring/v1 monitoring.coreos.com_prometheusrules.yaml
cp "$work/prometheus-operator-0.83.0/out/monitoring.coreos.com_podmonitors.yaml" "$here/prometheus-operator-0.83.0/"
cp "$work/keda-2.17.2/out/keda.sh_triggerauthentications.yaml" "$here/keda-2.17.2/"
echo "regenerated the definitions under $here"
