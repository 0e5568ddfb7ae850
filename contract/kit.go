package contract

// KitUserAgent is the User-Agent every tool of the kit sends to a service
// (rtq conform, rtq profile discover, rtq record, rtq health): the
// mock's consumer coverage counts only what a client of the service did,
// and leaves out every call whose User-Agent starts with it (docs/mock.md,
// "Consumer coverage").
const KitUserAgent = "rtq-kit"
