package io.github.zipjack.tools.http;

import com.fasterxml.jackson.databind.ObjectMapper;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.Map;

/**
 * The benchmark's endpoint as an application writes it: Jackson serializes the dataset named by
 * the path ({@code /any/people-100}) straight into the response's output stream, with no
 * Content-Length of its own. Whatever compresses it (Jetty's handler, zipjack's filter, nothing)
 * sits in front. Thread-safe: the mapper and the datasets are shared and never changed.
 */
final class DatasetServlet extends HttpServlet {
  private static final long serialVersionUID = 1L;

  private final transient ObjectMapper mapper;
  private final transient Map<String, Object> datasets;

  DatasetServlet(ObjectMapper mapper, Map<String, Object> datasets) {
    this.mapper = mapper;
    this.datasets = datasets;
  }

  @Override
  protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
    Object value = HttpBenchServer.datasetOf(request, datasets);
    if (value == null) {
      response.sendError(HttpServletResponse.SC_NOT_FOUND, "known datasets: " + datasets.keySet());
      return;
    }
    response.setContentType("application/json");
    mapper.writeValue(response.getOutputStream(), value);
  }
}
