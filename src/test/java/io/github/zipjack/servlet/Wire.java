package io.github.zipjack.servlet;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * A raw HTTP/1.1 client on a plain socket, for what {@code java.net.http} hides: the exact bytes
 * after the headers, Transfer-Encoding, and a client that hangs up midway. Each request uses its
 * own connection with {@code Connection: close}, so the body is everything up to the end of the
 * stream (or, when chunked, the decoded chunks, and {@link Response#wireBody} holds them framed).
 */
final class Wire {
  private static final int TIMEOUT_MILLIS = 20_000;

  private Wire() {}

  /** A response as it came off the socket. */
  record Response(int status, Map<String, List<String>> headers, byte[] body, byte[] wireBody) {
    /** The only value of {@code name} (case-insensitive), if present. */
    Optional<String> header(String name) {
      List<String> values = headers.get(name.toLowerCase(Locale.ROOT));
      if (values == null) {
        return Optional.empty();
      }
      if (values.size() != 1) {
        throw new AssertionError(name + " appears " + values.size() + " times: " + values);
      }
      return Optional.of(values.get(0));
    }

    List<String> headerValues(String name) {
      return headers.getOrDefault(name.toLowerCase(Locale.ROOT), List.of());
    }

    boolean chunked() {
      return header("Transfer-Encoding").map(v -> v.equalsIgnoreCase("chunked")).orElse(false);
    }

    @Override
    public String toString() {
      return status + " " + headers + " (" + body.length + " body bytes)";
    }
  }

  /** Sends {@code method path} with {@code headers} and no body, reads the whole response. */
  static Response exchange(RunningServer server, String method, String path, String... headers) throws IOException {
    return exchange(server, method, path, null, headers);
  }

  /** Sends {@code method path} with {@code headers} and {@code body} (with its Content-Length). */
  static Response exchange(RunningServer server, String method, String path, byte[] body, String... headers)
      throws IOException {
    try (Socket socket = open(server)) {
      try {
        send(socket.getOutputStream(), method, path, body, headers);
      } catch (SocketException refused) {
        // a server may answer (a 413, say) and close before it has read the whole body, as HTTP
        // allows: read that answer, as curl does, and fail with the write's error only if none came
        try {
          return read(new BufferedInputStream(socket.getInputStream()), method.equals("HEAD"));
        } catch (IOException noAnswer) {
          refused.addSuppressed(noAnswer);
          throw refused;
        }
      }
      return read(new BufferedInputStream(socket.getInputStream()), method.equals("HEAD"));
    }
  }

  /**
   * Like {@link #exchange}, but on a connection the client keeps open (no {@code Connection: close}),
   * so the server must frame the body: by Content-Length, or chunked. The body is read by that
   * framing; an {@link EOFException} means the server closed the connection before the body was
   * complete.
   */
  static Response exchangeKeepingTheConnection(RunningServer server, String method, String path, String... headers)
      throws IOException {
    try (Socket socket = open(server)) {
      sendKeepingTheConnection(socket.getOutputStream(), method, path, headers);
      InputStream in = new BufferedInputStream(socket.getInputStream());
      Response start = readHead(in);
      byte[] body;
      if (method.equals("HEAD") || start.status() == 204 || start.status() == 304) {
        body = new byte[0];
      } else if (start.chunked()) {
        body = new ChunkReader(in).readRest().getBytes(StandardCharsets.ISO_8859_1);
      } else {
        int length = Integer.parseInt(start.header("Content-Length").orElseThrow(
            () -> new AssertionError("neither chunked nor a Content-Length on a kept connection: " + start)));
        body = in.readNBytes(length);
        if (body.length != length) {
          throw new EOFException("body cut at " + body.length + " of " + length + " bytes");
        }
      }
      return new Response(start.status(), start.headers(), body, body);
    }
  }

  /** Sends a request without {@code Connection: close}. */
  static void sendKeepingTheConnection(OutputStream out, String method, String path, String... headers)
      throws IOException {
    StringBuilder head = new StringBuilder();
    head.append(method).append(' ').append(path).append(" HTTP/1.1\r\nHost: 127.0.0.1\r\n");
    for (String header : headers) {
      head.append(header).append("\r\n");
    }
    head.append("\r\n");
    out.write(head.toString().getBytes(StandardCharsets.ISO_8859_1));
    out.flush();
  }

  static Socket open(RunningServer server) throws IOException {
    Socket socket = new Socket();
    socket.connect(new InetSocketAddress("127.0.0.1", server.port()), TIMEOUT_MILLIS);
    socket.setSoTimeout(TIMEOUT_MILLIS);
    return socket;
  }

  static void send(OutputStream out, String method, String path, byte[] body, String... headers) throws IOException {
    StringBuilder head = new StringBuilder();
    head.append(method).append(' ').append(path).append(" HTTP/1.1\r\n");
    head.append("Host: 127.0.0.1\r\nConnection: close\r\n");
    for (String header : headers) {
      head.append(header).append("\r\n");
    }
    if (body != null) {
      head.append("Content-Length: ").append(body.length).append("\r\n");
    }
    head.append("\r\n");
    out.write(head.toString().getBytes(StandardCharsets.ISO_8859_1));
    if (body != null) {
      out.write(body);
    }
    out.flush();
  }

  /** Reads the status line and headers, leaving {@code in} at the first byte of the body. */
  static Response readHead(InputStream in) throws IOException {
    String statusLine = line(in);
    String[] parts = statusLine.split(" ", 3);
    if (parts.length < 2 || !parts[0].startsWith("HTTP/1.")) {
      throw new IOException("not an HTTP/1 status line: " + statusLine);
    }
    Map<String, List<String>> headers = new LinkedHashMap<>();
    for (String line = line(in); !line.isEmpty(); line = line(in)) {
      int colon = line.indexOf(':');
      headers.computeIfAbsent(line.substring(0, colon).trim().toLowerCase(Locale.ROOT), k -> new ArrayList<>())
          .add(line.substring(colon + 1).trim());
    }
    return new Response(Integer.parseInt(parts[1]), headers, new byte[0], new byte[0]);
  }

  private static Response read(InputStream in, boolean head) throws IOException {
    Response start = readHead(in);
    byte[] wire = in.readAllBytes();
    byte[] body = wire;
    if (!head && start.chunked()) {
      body = dechunk(wire);
    }
    return new Response(start.status(), start.headers(), body, wire);
  }

  /** The data of a chunked body; fails if the framing is broken or the last chunk is missing. */
  static byte[] dechunk(byte[] wire) throws IOException {
    InputStream in = new java.io.ByteArrayInputStream(wire);
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    while (true) {
      String sizeLine = line(in);
      int semicolon = sizeLine.indexOf(';');
      int size = Integer.parseInt(semicolon < 0 ? sizeLine : sizeLine.substring(0, semicolon), 16);
      if (size == 0) {
        while (!line(in).isEmpty()) {
          // trailers
        }
        if (in.read() != -1) {
          throw new IOException("bytes after the last chunk");
        }
        return out.toByteArray();
      }
      byte[] chunk = in.readNBytes(size);
      if (chunk.length != size) {
        throw new EOFException("chunk of " + size + " bytes cut at " + chunk.length);
      }
      out.write(chunk);
      if (!line(in).isEmpty()) {
        throw new IOException("chunk not followed by CRLF");
      }
    }
  }

  private static String line(InputStream in) throws IOException {
    ByteArrayOutputStream line = new ByteArrayOutputStream();
    for (int b = in.read(); b != '\n'; b = in.read()) {
      if (b == -1) {
        throw new EOFException("stream ended inside a line: " + line.toString(StandardCharsets.ISO_8859_1));
      }
      line.write(b);
    }
    String s = line.toString(StandardCharsets.ISO_8859_1);
    return s.endsWith("\r") ? s.substring(0, s.length() - 1) : s;
  }
}
