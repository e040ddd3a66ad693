package io.github.zipjack.spring;

import java.io.IOException;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpRequest;
import org.springframework.http.client.ClientHttpRequestExecution;
import org.springframework.http.client.ClientHttpRequestInterceptor;
import org.springframework.http.client.ClientHttpResponse;

/**
 * Records the last request and the headers of its answer as the interceptors after it see them:
 * added last, it sees what crosses the wire (the request as sent, the answer before zipjack's
 * interceptor decodes it). Thread-safe for one call at a time.
 */
final class RecordingInterceptor implements ClientHttpRequestInterceptor {
  volatile HttpHeaders requestHeaders;
  volatile byte[] requestBody;
  volatile HttpHeaders responseHeaders;

  @Override
  public ClientHttpResponse intercept(HttpRequest request, byte[] body, ClientHttpRequestExecution execution)
      throws IOException {
    requestHeaders = HttpHeaders.copyOf(request.getHeaders());
    requestBody = body;
    ClientHttpResponse response = execution.execute(request, body);
    responseHeaders = HttpHeaders.copyOf(response.getHeaders());
    return response;
  }
}
