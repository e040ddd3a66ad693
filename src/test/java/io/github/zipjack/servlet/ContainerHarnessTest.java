package io.github.zipjack.servlet;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import java.io.IOException;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The harness itself, without zipjack: each container serves the test servlets through a filter
 * that passes everything on, and the raw client reads what they send. If these fail, the filter's
 * container tests say nothing.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ContainerHarnessTest {
  private final Map<Container, RunningServer> servers = new EnumMap<>(Container.class);

  @BeforeAll
  void start() throws Exception {
    for (Container container : Container.values()) {
      servers.put(container, container.start(new PassThrough(), Map.of(), new TestServlets().byPath()));
    }
  }

  @AfterAll
  void stop() throws Exception {
    FilterProbe.stopThenAssertNoLiveEncoders(servers.values(), List.of());
  }

  @ParameterizedTest
  @EnumSource(Container.class)
  void containerServesTheDatasetUnchangedWithoutTheFilterDoingAnything(Container container) throws IOException {
    Wire.Response response = Wire.exchange(servers.get(container), "GET", "/json?dataset=people-10",
        "Accept-Encoding: gzip");
    assertEquals(200, response.status());
    assertEquals("application/json", response.header("Content-Type").orElseThrow());
    assertArrayEquals(TestServlets.datasetJson("people-10"), response.body());
  }

  @ParameterizedTest
  @EnumSource(Container.class)
  void containerEchoesARequestBody(Container container) throws IOException {
    byte[] body = TestServlets.text(5000);
    Wire.Response response = Wire.exchange(servers.get(container), "POST", "/echo", body);
    assertEquals(200, response.status());
    assertArrayEquals(body, response.body());
  }

  /** Does nothing but call the chain. */
  static final class PassThrough implements Filter {
    @Override
    public void doFilter(ServletRequest request, ServletResponse response, FilterChain chain)
        throws IOException, ServletException {
      chain.doFilter(request, response);
    }
  }
}
