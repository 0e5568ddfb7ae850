package main

import (
	"context"
	"errors"
	"fmt"
	"io"

	"github.com/rtq-kit/rtq/internal/svcclient"
	"github.com/spf13/cobra"
)

// accessFlags are the flags of every command that calls a target
// (conform, profile discover, record, health): how to reach a staging
// behind a company CA, a client certificate or a gateway
// (docs/conformance.md, "Staging behind a company CA, mTLS or a gateway").
type accessFlags struct{ svcclient.AccessFlags }

// register adds the flags to cmd, the files marked as paths
// (TestPathFlagsRefuseWhatIsNotAFile tries each).
func (f *accessFlags) register(cmd *cobra.Command) {
	fl := cmd.Flags()
	fl.StringVar(&f.CACert, "ca-cert", "", "PEM FILE of CA certificates to trust besides the system's (a company CA)")
	fl.StringVar(&f.ClientCert, "client-cert", "", "PEM FILE of a client certificate, for a target that asks for one (mTLS); with --client-key")
	fl.StringVar(&f.ClientKey, "client-key", "", "PEM FILE of the private key of --client-cert")
	fl.StringArrayVar(&f.Headers, "header", nil, "'Name: value' sent on every request to the target (repeatable; a gateway's token, a tenant); scrubbed like a key")
	fl.BoolVar(&f.Insecure, "insecure", false, "do not verify the target's TLS certificate (said on stderr and in every report): a throwaway target only")
	for _, name := range []string{"ca-cert", "client-cert", "client-key"} {
		pathFlag(cmd, name, "pem")
	}
}

// load reads the files the flags name (a usage error, exit 2, names the
// flag) and says --insecure loudly on stderr.
func (f *accessFlags) load(ctx context.Context, cmd string, stderr io.Writer) (*svcclient.Access, error) {
	a, err := f.Load(ctx)
	if err != nil {
		return nil, withExit(2, fmt.Errorf("%s: %w", cmd, err))
	}
	if a.Insecure() {
		fmt.Fprintf(stderr, "%s: %s\n", cmd, svcclient.InsecureWarning)
	}
	return a, nil
}

// connectFailure is exit 3 with the one diagnosis of a connection that
// could not be made (TLS, a proxy, a gateway), or nil when err is not one.
func connectFailure(cmd, target string, err error) error {
	var ce *svcclient.ConnectError
	if !errors.As(err, &ce) {
		return nil
	}
	return withExit(3, fmt.Errorf("%s: cannot reach %s: %w", cmd, target, ce))
}
