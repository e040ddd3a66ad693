package io.github.zipjack.tools.http;

import io.github.zipjack.Compression;
import io.github.zipjack.Pipeline;
import io.github.zipjack.servlet.CompressedResponses;
import io.github.zipjack.servlet.HttpDictionary;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The endpoint through zipjack's direct helper: {@code CompressedResponses.write} encodes the
 * dataset named by the path once into pooled segments, in the coding the client prefers among
 * those given, and sends it with its exact Content-Length; {@code dcz} with one of its HTTP
 * dictionaries for a client that holds it, and the dictionaries themselves under their path.
 * Thread-safe; owns its pipelines and closes them in {@link #destroy()}.
 */
final class DirectServlet extends HttpServlet {
  private static final long serialVersionUID = 1L;

  private final transient List<Pipeline> pipelines = new ArrayList<>();
  private final transient CompressedResponses responses;
  private final transient Map<String, Object> datasets;

  /**
   * A servlet offering {@code codings}, most preferred first, and {@code dcz} with {@code dictionaries},
   * which it serves under {@code dictionaryPath}.
   */
  DirectServlet(List<Compression> codings, Map<String, Object> datasets, String dictionaryPath,
      HttpDictionary... dictionaries) {
    this.datasets = datasets;
    for (Compression coding : codings) {
      pipelines.add(Pipeline.builder().compression(coding).build());
    }
    this.responses = CompressedResponses.of(pipelines.toArray(new Pipeline[0]))
        .withDictionaries(dictionaryPath, dictionaries);
  }

  /** Which engine serves each coding: {@code zstd(1) via zstd-jni, gzip(1) via libdeflate, ...}. */
  String description() {
    return String.join(", ", pipelines.stream().map(Pipeline::implementation).toList());
  }

  @Override
  protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
    if (responses.serveDictionary(request, response)) {
      return;
    }
    Object value = HttpBenchServer.datasetOf(request, datasets);
    if (value == null) {
      response.sendError(HttpServletResponse.SC_NOT_FOUND, "known datasets: " + datasets.keySet());
      return;
    }
    responses.write(request, response, value);
  }

  @Override
  public void destroy() {
    responses.close();
    pipelines.forEach(Pipeline::close);
  }
}
