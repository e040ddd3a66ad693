package io.github.zipjack.client;

import java.io.IOException;
import java.io.InputStream;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;
import java.util.concurrent.Flow;
import java.util.concurrent.RejectedExecutionException;

/**
 * Receives a response body as the JDK's {@link HttpResponse.BodySubscribers#ofInputStream()} does,
 * and decodes it on {@code executor} while it arrives (reading a body on the client's own threads
 * could stall them). The body's future fails with the decode exception itself; the stream is
 * closed on every path (also when the executor refuses the task), which releases the connection.
 */
final class DecodingBodySubscriber<T> implements HttpResponse.BodySubscriber<T> {
  /** Decodes a body stream; closes it. */
  interface StreamDecoder<T> {
    T decode(InputStream body) throws IOException;
  }

  private final HttpResponse.BodySubscriber<InputStream> upstream = HttpResponse.BodySubscribers.ofInputStream();
  private final CompletableFuture<T> body = new CompletableFuture<>();

  DecodingBodySubscriber(StreamDecoder<T> decoder, Executor executor) {
    upstream.getBody().thenAccept(in -> {
      try {
        executor.execute(() -> {
          try {
            body.complete(decoder.decode(in));
          } catch (IOException | RuntimeException | Error e) {
            body.completeExceptionally(e);
          }
        });
      } catch (RejectedExecutionException e) {
        try {
          in.close(); // releases the connection
        } catch (IOException ignored) {
          // the body is abandoned either way
        }
        body.completeExceptionally(e);
      }
    });
  }

  @Override
  public CompletionStage<T> getBody() {
    return body;
  }

  @Override
  public void onSubscribe(Flow.Subscription subscription) {
    upstream.onSubscribe(subscription);
  }

  @Override
  public void onNext(List<ByteBuffer> item) {
    upstream.onNext(item);
  }

  @Override
  public void onError(Throwable throwable) {
    upstream.onError(throwable);
  }

  @Override
  public void onComplete() {
    upstream.onComplete();
  }
}
