package io.github.zipjack.servlet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * {@link ContainerBuffer}: in a real container, the response buffer grows to hold a known body whole
 * (so the container sends it in one write), and is left alone when the body is huge or the response
 * already committed.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ContainerBufferInContainersTest {
  private final Map<Container, RunningServer> servers = new EnumMap<>(Container.class);

  /** Calls holdWhole with ?bytes=N (after a flush when ?commit is there) and answers the buffer sizes before and after. */
  static final class BufferSizeServlet extends HttpServlet {
    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
      response.setContentType("text/plain");
      if (request.getParameter("commit") != null) {
        response.flushBuffer();
      }
      int before = response.getBufferSize();
      ContainerBuffer.holdWhole(response, Long.parseLong(request.getParameter("bytes")));
      response.getOutputStream().write((before + " " + response.getBufferSize()).getBytes(StandardCharsets.US_ASCII));
    }
  }

  @BeforeAll
  void start() throws Exception {
    for (Container container : Container.values()) {
      servers.put(container, container.start(new ContainerHarnessTest.PassThrough(), Map.of(),
          Map.of("/buffer", new BufferSizeServlet())));
    }
  }

  @AfterAll
  void stop() throws Exception {
    FilterProbe.stopThenAssertNoLiveEncoders(servers.values(), List.of());
  }

  private int[] sizes(Container container, String query) throws IOException {
    Wire.Response response = Wire.exchange(servers.get(container), "GET", "/buffer?" + query);
    assertEquals(200, response.status());
    String[] parts = new String(response.body(), StandardCharsets.US_ASCII).split(" ");
    return new int[] {Integer.parseInt(parts[0]), Integer.parseInt(parts[1])};
  }

  @ParameterizedTest
  @EnumSource(Container.class)
  void theBufferGrowsToHoldABodyLargerThanIt(Container container) throws IOException {
    int[] sizes = sizes(container, "bytes=300000");

    assertTrue(sizes[0] < 300_000, "default buffer " + sizes[0]);
    assertTrue(sizes[1] >= 300_000, "buffer after " + sizes[1]);
  }

  @ParameterizedTest
  @EnumSource(Container.class)
  void aBodyPastTheCapLeavesTheBufferAsItWas(Container container) throws IOException {
    int[] sizes = sizes(container, "bytes=" + (ContainerBuffer.MAX_BYTES + 1));

    assertEquals(sizes[0], sizes[1]);
  }

  @ParameterizedTest
  @EnumSource(Container.class)
  void aCommittedResponseKeepsItsBuffer(Container container) throws IOException {
    int[] sizes = sizes(container, "bytes=300000&commit");

    assertEquals(sizes[0], sizes[1]);
  }
}
