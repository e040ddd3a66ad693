package io.github.zipjack.servlet;

import jakarta.servlet.DispatcherType;
import jakarta.servlet.Filter;
import jakarta.servlet.http.HttpServlet;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.Map;
import java.util.logging.Level;
import java.util.logging.Logger;
import java.util.stream.Stream;
import org.apache.catalina.core.StandardContext;
import org.apache.catalina.connector.Connector;
import org.apache.catalina.startup.Tomcat;
import org.apache.tomcat.util.descriptor.web.FilterDef;
import org.apache.tomcat.util.descriptor.web.FilterMap;
import org.eclipse.jetty.ee10.servlet.FilterHolder;
import org.eclipse.jetty.ee10.servlet.ServletContextHandler;
import org.eclipse.jetty.ee10.servlet.ServletHolder;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;

/**
 * The real servlet containers the filter is tested in: embedded Jetty 12.1 (ee10, Servlet 6.0) and
 * embedded Tomcat 11 (Servlet 6.1), each on 127.0.0.1 and an ephemeral port, with one filter mapped
 * to {@code /*} for REQUEST dispatches and the given servlets at their exact paths.
 */
enum Container {
  JETTY {
    @Override
    RunningServer start(Filter filter, Map<String, String> initParameters, Map<String, HttpServlet> servlets)
        throws Exception {
      Server server = new Server();
      ServerConnector connector = new ServerConnector(server, 1, 1);
      connector.setHost("127.0.0.1");
      connector.setPort(0);
      server.addConnector(connector);
      ServletContextHandler context = new ServletContextHandler();
      context.setContextPath("/");
      FilterHolder holder = new FilterHolder(filter);
      holder.setName("zipjack");
      holder.setInitParameters(initParameters);
      context.addFilter(holder, "/*", EnumSet.of(DispatcherType.REQUEST));
      servlets.forEach((path, servlet) -> context.addServlet(new ServletHolder(servlet), path));
      server.setHandler(context);
      server.start();
      int port = connector.getLocalPort();
      return new RunningServer(this, port, () -> {
        server.stop();
        server.join();
      });
    }
  },

  TOMCAT {
    @Override
    RunningServer start(Filter filter, Map<String, String> initParameters, Map<String, HttpServlet> servlets)
        throws Exception {
      Path baseDir = Files.createTempDirectory("zipjack-tomcat");
      Tomcat tomcat = new Tomcat();
      tomcat.setBaseDir(baseDir.toString());
      Connector connector = new Connector();
      connector.setPort(0);
      connector.setProperty("address", "127.0.0.1");
      tomcat.setConnector(connector);
      StandardContext context = (StandardContext) tomcat.addContext("", baseDir.toString());
      // The leak checks want --add-opens and print warnings without them; the tests check leaks themselves.
      context.setClearReferencesThreadLocals(false);
      context.setClearReferencesRmiTargets(false);
      FilterDef def = new FilterDef();
      def.setFilterName("zipjack");
      def.setFilter(filter);
      def.setFilterClass(filter.getClass().getName());
      initParameters.forEach(def::addInitParameter);
      context.addFilterDef(def);
      FilterMap map = new FilterMap();
      map.setFilterName("zipjack");
      map.addURLPattern("/*");
      map.setDispatcher(DispatcherType.REQUEST.name());
      context.addFilterMap(map);
      int i = 0;
      for (Map.Entry<String, HttpServlet> servlet : servlets.entrySet()) {
        String name = "servlet" + i++;
        Tomcat.addServlet(context, name, servlet.getValue());
        context.addServletMappingDecoded(servlet.getKey(), name);
      }
      tomcat.start();
      int port = connector.getLocalPort();
      return new RunningServer(this, port, () -> {
        tomcat.stop();
        tomcat.destroy();
        deleteTree(baseDir);
      });
    }
  };

  /** Tomcat logs every start and stop at INFO through java.util.logging; kept here so the level sticks. */
  private static final Logger TOMCAT_LOG = quiet("org.apache");

  private static Logger quiet(String name) {
    Logger logger = Logger.getLogger(name);
    logger.setLevel(Level.WARNING);
    return logger;
  }

  /**
   * Starts the container with {@code filter} (whose {@code init} receives {@code initParameters})
   * in front of {@code servlets} (path to servlet). The caller closes the returned server.
   */
  abstract RunningServer start(Filter filter, Map<String, String> initParameters, Map<String, HttpServlet> servlets)
      throws Exception;

  private static void deleteTree(Path root) {
    try (Stream<Path> paths = Files.walk(root)) {
      paths.sorted(Comparator.reverseOrder()).map(Path::toFile).forEach(File::delete);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
