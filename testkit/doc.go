// Package testkit is the top floor of the house: the support that rtq's
// own tests share, and nothing else. Each sub-package serves tests only:
//
//   - browsertest: a headless Chromium for the admin page and report tests;
//   - foreign: an independent fake of the service, written from the
//     contract alone, so the runner and the recorder meet a service that is
//     not the mock; foreign/foreigntest runs the runner against it, in
//     the test's process or as `rtq conform` (apart,
//     since foreign itself may import only the standard library), and
//     foreign/foreignserve is a program serving it with bugs on to a
//     browser suite through rtq proxy (scripts/check-frontend-examples.sh),
//     and foreign/foreignbuild one serving one build of it, outside the
//     race detector, for the rounds of breaks' hundreds of runs;
//   - hangtarget: a target that answers the probe and then hangs;
//   - mocktest: the mock on 127.0.0.1:0 with raw calls and scenario lookups;
//   - redistest: a real redis-server on a Unix socket, for the Redis store;
//   - refused: an address where a connection is refused, for the checks
//     of an unreachable target;
//   - replicas: rtq mock as several processes on one redis-server behind a
//     round-robin, for the tests of replicas sharing a store;
//   - rtqbin: the rtq command (or another command of the module) built
//     from this module, for tests that run it as a process (replicas, the
//     soak, the rounds of breaks);
//   - runbound: a conformance run that must end, and the check that its
//     report is whole;
//   - tlsfront: a TLS front before a target, as a team's staging has one
//     (a private CA, another name, an expired certificate, a client
//     certificate required, a gateway that wants a header);
//   - testscenario: a small scenario built in code, the fixture of the
//     golden tests;
//   - yamltest: YAML documents written for a test.
//
// Test support may import any product package (mocktest starts the mock,
// runbound runs the runner), so no product package may import testkit: the
// arrows run from tests, down. TestNoProductPackageImportsTestkit enforces
// it. It is no API: its packages change with rtq's tests. Product code
// shared between packages (internal/loopback, internal/problem) stays out
// of this folder, on the ground floor; so does rtqtest, which is a public
// package for users' own tests (docs/mock.md).
package testkit
