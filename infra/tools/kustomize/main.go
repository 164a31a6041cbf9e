// Command kustomize renders a kustomization the way `kustomize build` and `kubectl kustomize` do,
// with the kustomize library version pinned in go.mod, so rendering the manifests needs no kubectl.
//
//	kustomize build DIR   print the rendered objects as a YAML stream
//	kustomize version     print the pinned sigs.k8s.io/kustomize/api version
package main

import (
	"fmt"
	"os"
	"runtime/debug"

	"sigs.k8s.io/kustomize/api/krusty"
	"sigs.k8s.io/kustomize/kyaml/filesys"
)

const apiModule = "sigs.k8s.io/kustomize/api"

func usage() {
	fmt.Fprintln(os.Stderr, "usage: kustomize build DIR | kustomize version")
	os.Exit(2)
}

func main() {
	if len(os.Args) < 2 {
		usage()
	}
	switch os.Args[1] {
	case "version":
		fmt.Println(apiVersion())
	case "build":
		if len(os.Args) != 3 {
			usage()
		}
		if err := build(os.Args[2]); err != nil {
			fmt.Fprintf(os.Stderr, "Error: %v\n", err)
			os.Exit(1)
		}
	default:
		usage()
	}
}

// build renders dir with the settings of `kustomize build` with no flags (load restricted to the
// kustomization's root, no plugins, objects in kustomize's fixed kind order unless the
// kustomization's sortOptions say otherwise), as kubectl does too, and writes them to stdout.
func build(dir string) error {
	options := krusty.MakeDefaultOptions()
	// The library's default keeps the input order; the command line's is "unspecified", which
	// sorts (legacy order) unless the kustomization asks for another.
	options.Reorder = krusty.ReorderOptionUnspecified
	k := krusty.MakeKustomizer(options)
	resources, err := k.Run(filesys.MakeFsOnDisk(), dir)
	if err != nil {
		return err
	}
	out, err := resources.AsYaml()
	if err != nil {
		return err
	}
	_, err = os.Stdout.Write(out)
	return err
}

func apiVersion() string {
	if info, ok := debug.ReadBuildInfo(); ok {
		for _, dep := range info.Deps {
			if dep.Path == apiModule {
				return apiModule + " " + dep.Version
			}
		}
	}
	return apiModule + " (unknown version)"
}
