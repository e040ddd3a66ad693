package com.example.people;

import com.aayushatharva.brotli4j.Brotli4jLoader;
import com.aayushatharva.brotli4j.decoder.BrotliInputStream;
import com.github.luben.zstd.ZstdInputStream;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.zip.GZIPInputStream;

/** A client that sees the bytes on the wire (java.net.http never decodes), and decoders of its own. */
final class Http {
  private static final HttpClient CLIENT = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();

  private Http() {}

  static HttpResponse<byte[]> get(int port, String path, String... headers) throws IOException, InterruptedException {
    HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
        .timeout(Duration.ofSeconds(20));
    for (int i = 0; i < headers.length; i += 2) {
      request.header(headers[i], headers[i + 1]);
    }
    return CLIENT.send(request.build(), HttpResponse.BodyHandlers.ofByteArray());
  }

  static HttpResponse<byte[]> post(int port, String path, byte[] body, String... headers)
      throws IOException, InterruptedException {
    HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
        .timeout(Duration.ofSeconds(30)).POST(HttpRequest.BodyPublishers.ofByteArray(body));
    for (int i = 0; i < headers.length; i += 2) {
      request.header(headers[i], headers[i + 1]);
    }
    return CLIENT.send(request.build(), HttpResponse.BodyHandlers.ofByteArray());
  }

  /** {@code body} decoded from {@code contentEncoding}; null means identity. */
  static byte[] decode(String contentEncoding, byte[] body) throws IOException {
    if (contentEncoding == null) {
      return body;
    }
    InputStream in = new ByteArrayInputStream(body);
    switch (contentEncoding) {
      case "gzip" -> in = new GZIPInputStream(in);
      case "zstd" -> in = new ZstdInputStream(in);
      case "br" -> {
        Brotli4jLoader.ensureAvailability();
        in = new BrotliInputStream(in);
      }
      default -> throw new AssertionError("unexpected Content-Encoding " + contentEncoding);
    }
    try (InputStream decoded = in) {
      return decoded.readAllBytes();
    }
  }
}
