package contract

// KitUserAgent is the User-Agent every tool of the kit sends to a service
// (rtq conform, rtq profile discover, rtq record, rtq health): the
// mock's consumer coverage counts only what a client of the service did,
// and leaves out every call whose User-Agent starts with it (docs/mock.md,
// "Consumer coverage").
const KitUserAgent = "rtq-kit"

// License is the SPDX identifier of the kit's license. LICENSE holds its
// text; the README, the OpenAPI document (info.license), the npm package
// rtq wasm writes, the container images' org.opencontainers.image.licenses
// label and rtq version each say it, and a test holds them to this value.
const License = "Apache-2.0"
