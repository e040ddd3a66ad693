package io.github.zipjack.servlet;

import java.net.URI;

/** A started container; {@link #close()} stops it and waits until it has stopped. */
final class RunningServer implements AutoCloseable {
  /** Stops a container. */
  interface Stopper {
    void stop() throws Exception;
  }

  private final Container container;
  private final int port;
  private final Stopper stopper;

  RunningServer(Container container, int port, Stopper stopper) {
    this.container = container;
    this.port = port;
    this.stopper = stopper;
  }

  Container container() {
    return container;
  }

  /** The local port the container listens on, on 127.0.0.1. */
  int port() {
    return port;
  }

  /** {@code http://127.0.0.1:port} followed by {@code pathAndQuery}, which starts with a slash. */
  URI uri(String pathAndQuery) {
    return URI.create("http://127.0.0.1:" + port + pathAndQuery);
  }

  @Override
  public void close() throws Exception {
    stopper.stop();
  }

  @Override
  public String toString() {
    return container + " on 127.0.0.1:" + port;
  }
}
