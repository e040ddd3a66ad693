package io.github.zipjack.spring;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * {@link PeopleService} started on embedded Tomcat (or Reactor Netty) at a free loopback port with the given
 * properties, and a client that sees the raw bytes (java.net.http never decodes a Content-Encoding).
 * Reactor Netty, where the application uses it, runs on resources of its own
 * ({@link OwnReactorNettyResources}). Closing it stops the application.
 */
final class RunningBootService implements AutoCloseable {
  private static final HttpClient CLIENT = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
  final ConfigurableApplicationContext context;
  final int port;

  private RunningBootService(ConfigurableApplicationContext context) {
    this.context = context;
    this.port = Integer.parseInt(context.getEnvironment().getProperty("local.server.port"));
  }

  static RunningBootService start(String... properties) {
    return start(new Class<?>[0], properties);
  }

  /** Starts it with the service's own {@code configurations} beside it, and {@code properties}. */
  static RunningBootService start(Class<?>[] configurations, String... properties) {
    List<Class<?>> sources = new ArrayList<>(List.of(PeopleService.class, OwnReactorNettyResources.class));
    sources.addAll(List.of(configurations));
    List<String> all = new ArrayList<>(List.of("server.port=0", "server.address=127.0.0.1",
        "spring.main.banner-mode=off", "spring.jackson.property-naming-strategy=SNAKE_CASE"));
    all.addAll(List.of(properties));
    return new RunningBootService(new SpringApplicationBuilder(sources.toArray(new Class<?>[0]))
        .properties(all.toArray(new String[0])).run());
  }

  /**
   * Starts it as a reactive application on Reactor Netty, with {@link ReactiveEndpoints} beside
   * {@link PeopleService}'s handlers, and {@code properties}.
   */
  static RunningBootService startReactive(String... properties) {
    List<String> all = new ArrayList<>(List.of("spring.main.web-application-type=reactive"));
    all.addAll(List.of(properties));
    return start(new Class<?>[] {ReactiveEndpoints.class}, all.toArray(new String[0]));
  }

  HttpResponse<byte[]> get(String path, String... headers) throws IOException, InterruptedException {
    return send(HttpRequest.newBuilder(uri(path)), headers);
  }

  /** Sends {@code request} with {@code headers} (name, value, ...), reading the body's raw bytes. */
  HttpResponse<byte[]> send(HttpRequest.Builder request, String... headers) throws IOException, InterruptedException {
    request.timeout(Duration.ofSeconds(20));
    for (int i = 0; i < headers.length; i += 2) {
      request.header(headers[i], headers[i + 1]);
    }
    return CLIENT.send(request.build(), HttpResponse.BodyHandlers.ofByteArray());
  }

  URI uri(String path) {
    return URI.create("http://127.0.0.1:" + port + path);
  }

  <T> T bean(Class<T> type) {
    return context.getBean(type);
  }

  @Override
  public void close() {
    context.close();
  }
}
