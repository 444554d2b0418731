/**
 * A consumer of the published modules, as an application on the module path would be: it reads them
 * through their descriptors only (no class path, no {@code --add-opens}), so a missing {@code exports},
 * a {@code requires} that should be {@code transitive} or a split package fails the build.
 */
module dev.recyclable.buffers.it {
    requires dev.recyclable.buffers.ssh; // brings dev.recyclable.buffers and sshj transitively
    requires dev.recyclable.buffers.websocket;
    requires dev.recyclable.buffers.testing;
    // the optional Netty view of buffers-core (requires static there): present because we ask for it
    requires io.netty.buffer;
}
