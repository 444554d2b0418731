package dev.recyclable.buffers.ssh.transport;

import javax.net.SocketFactory;
import java.io.IOException;
import java.net.InetAddress;
import java.net.Socket;

/**
 * Creates sockets with {@code TCP_NODELAY} on. sshj never sets it, and Nagle's algorithm then holds back the
 * small request packets of each command: 46-51 ms per command on loopback instead of 3-10 ms.
 */
public final class NoDelaySocketFactory extends SocketFactory {

    public static final NoDelaySocketFactory INSTANCE = new NoDelaySocketFactory();

    private NoDelaySocketFactory() {
    }

    @Override
    public Socket createSocket() throws IOException {
        Socket socket = new Socket();
        socket.setTcpNoDelay(true);
        return socket;
    }

    @Override
    public Socket createSocket(String host, int port) throws IOException {
        return connected(new Socket(host, port));
    }

    @Override
    public Socket createSocket(String host, int port, InetAddress localHost, int localPort) throws IOException {
        return connected(new Socket(host, port, localHost, localPort));
    }

    @Override
    public Socket createSocket(InetAddress host, int port) throws IOException {
        return connected(new Socket(host, port));
    }

    @Override
    public Socket createSocket(InetAddress address, int port, InetAddress localAddress, int localPort)
            throws IOException {
        return connected(new Socket(address, port, localAddress, localPort));
    }

    private static Socket connected(Socket socket) throws IOException {
        socket.setTcpNoDelay(true);
        return socket;
    }
}
