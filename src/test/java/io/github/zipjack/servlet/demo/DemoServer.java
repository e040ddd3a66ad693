package io.github.zipjack.servlet.demo;

import io.github.zipjack.Compression;
import io.github.zipjack.Format;
import io.github.zipjack.Pipeline;
import io.github.zipjack.data.Datasets;
import io.github.zipjack.servlet.CompressionFilter;
import jakarta.servlet.DispatcherType;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.EnumSet;
import org.eclipse.jetty.ee10.servlet.FilterHolder;
import org.eclipse.jetty.ee10.servlet.ServletContextHandler;
import org.eclipse.jetty.ee10.servlet.ServletHolder;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;

/**
 * A small server that shows zipjack's filter at work: embedded Jetty on 127.0.0.1 serving the
 * bundled datasets as JSON ({@code /people-100.json}) and MessagePack ({@code /people-100.msgpack})
 * through {@link CompressionFilter} at its default settings (zstd, gzip and brotli, each sent with
 * its exact Content-Length). {@code /} lists the URLs.
 *
 * <pre>
 * bench/demo [port]                                                            # builds if needed
 * java -cp target/benchmarks.jar io.github.zipjack.servlet.demo.DemoServer [port]   # default 8080, 0 = any free port
 * </pre>
 */
public final class DemoServer {
  private DemoServer() {}

  public static void main(String[] args) throws Exception {
    int port = args.length > 0 ? Integer.parseInt(args[0]) : 8080;
    Server server = start(port);
    int actual = ((ServerConnector) server.getConnectors()[0]).getLocalPort();
    String url = "http://127.0.0.1:" + actual;
    System.out.println("zipjack demo: " + url + "/  (datasets as .json and .msgpack through CompressionFilter; Ctrl-C stops)");
    System.out.println("try:");
    System.out.println("  curl -s --compressed -H 'Accept-Encoding: zstd' -o /dev/null"
        + " -w '%{size_download} bytes %{content_type}\\n' " + url + "/people-100.json");
    System.out.println("  curl -s -D - -o /dev/null -H 'Accept-Encoding: br' " + url + "/people-100.msgpack");
    server.join();
  }

  /** Starts the demo on 127.0.0.1:{@code port} (0: any free port); the caller stops the returned server. */
  public static Server start(int port) throws Exception {
    Server server = new Server();
    ServerConnector connector = new ServerConnector(server);
    connector.setHost("127.0.0.1");
    connector.setPort(port);
    server.addConnector(connector);
    ServletContextHandler context = new ServletContextHandler();
    context.setContextPath("/");
    context.addFilter(new FilterHolder(new CompressionFilter()), "/*", EnumSet.of(DispatcherType.REQUEST));
    context.addServlet(new ServletHolder(new DatasetServlet()), "/");
    server.setHandler(context);
    server.setStopAtShutdown(true);
    server.start();
    return server;
  }

  /**
   * {@code /NAME.json} and {@code /NAME.msgpack} for each of {@link Datasets#NAMES}, serialized
   * uncompressed by a pipeline (the filter compresses); {@code /} lists them.
   */
  static final class DatasetServlet extends HttpServlet {
    private final transient Pipeline json = Pipeline.builder().format(Format.JSON).compression(Compression.none()).build();
    private final transient Pipeline msgpack =
        Pipeline.builder().format(Format.MSGPACK).compression(Compression.none()).build();

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
      String path = request.getRequestURI();
      int dot = path.lastIndexOf('.');
      String name = dot > 1 ? path.substring(1, dot) : "";
      String extension = dot > 1 ? path.substring(dot + 1) : "";
      if (!Datasets.NAMES.contains(name) || !(extension.equals("json") || extension.equals("msgpack"))) {
        index(request, response, path.equals("/") ? HttpServletResponse.SC_OK : HttpServletResponse.SC_NOT_FOUND);
        return;
      }
      Object value = Datasets.load(name).value();
      if (extension.equals("json")) {
        response.setContentType("application/json");
        json.encode(value, response.getOutputStream());
      } else {
        response.setContentType("application/vnd.msgpack");
        msgpack.encode(value, response.getOutputStream());
      }
    }

    private static void index(HttpServletRequest request, HttpServletResponse response, int status) throws IOException {
      response.setStatus(status);
      response.setContentType("text/plain;charset=utf-8");
      PrintWriter out = response.getWriter();
      String base = "http://" + request.getServerName() + ":" + request.getServerPort();
      out.println("zipjack demo: the datasets through CompressionFilter (zstd, gzip, br by Accept-Encoding)");
      for (String name : Datasets.NAMES) {
        out.println("  " + base + "/" + name + ".json    " + base + "/" + name + ".msgpack");
      }
    }

    @Override
    public void destroy() {
      json.close();
      msgpack.close();
    }
  }
}
