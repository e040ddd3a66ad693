package io.github.zipjack.spring;

import java.util.List;
import java.util.Map;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * What a WebFlux service adds to {@link PeopleService}'s handlers: a {@code Mono}, a
 * {@code ResponseEntity} with an ETag, a {@code Flux} as NDJSON and as a JSON array, a handler
 * reading a request body, and people under {@code /dict/}, where a test's RFC 9842 dictionary applies.
 */
@RestController
class ReactiveEndpoints {
  @GetMapping("/people-mono")
  Mono<List<PeopleService.Person>> peopleMono() {
    return Mono.fromSupplier(() -> PeopleService.people(300));
  }

  @GetMapping("/dict/people")
  Mono<List<PeopleService.Person>> dictionaryPeople() {
    return peopleMono();
  }

  @GetMapping("/nobody")
  Mono<PeopleService.Person> nobody() {
    return Mono.empty();
  }

  @GetMapping("/people-tagged")
  ResponseEntity<List<PeopleService.Person>> peopleTagged() {
    return ResponseEntity.ok().eTag("\"v1\"").header("Cache-Control", "max-age=60").body(PeopleService.people(300));
  }

  @GetMapping(value = "/people-stream", produces = MediaType.APPLICATION_NDJSON_VALUE)
  Flux<PeopleService.Person> peopleStream() {
    return Flux.fromIterable(PeopleService.people(50));
  }

  @GetMapping("/people-flux")
  Flux<PeopleService.Person> peopleFlux() {
    return Flux.fromIterable(PeopleService.people(50));
  }

  /** An answer bomb: {@code frames} zstd frames of 64 MiB of spaces each, sent as a zstd-coded JSON body. */
  @GetMapping("/bomb")
  ResponseEntity<byte[]> bomb() {
    return ResponseEntity.ok().header("Content-Encoding", "zstd").contentType(MediaType.APPLICATION_JSON)
        .body(BOMB);
  }

  /** An answer in a coding no client of this service asks for. */
  @GetMapping("/deflated")
  ResponseEntity<byte[]> deflated() {
    return ResponseEntity.ok().header("Content-Encoding", "deflate").contentType(MediaType.APPLICATION_JSON)
        .body(new byte[] {0x78, (byte) 0x9c, 3, 0, 0, 0, 0, 1});
  }

  /** 2 GiB of spaces as 32 zstd frames of 64 MiB each: a few kilobytes. */
  static final byte[] BOMB = zstdOfSpaces(32, 64 << 20);

  private static byte[] zstdOfSpaces(int frames, int frameBytes) {
    byte[] spaces = new byte[frameBytes];
    java.util.Arrays.fill(spaces, (byte) ' ');
    byte[] frame = com.github.luben.zstd.Zstd.compress(spaces, 3);
    java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
    for (int i = 0; i < frames; i++) {
      out.writeBytes(frame);
    }
    return out.toByteArray();
  }

  /** The Content-Encoding and Content-Length the last request arrived with, before zipjack's filter. */
  static final java.util.concurrent.atomic.AtomicReference<String> LAST_ARRIVAL =
      new java.util.concurrent.atomic.AtomicReference<>();

  /** Records {@link #LAST_ARRIVAL}; runs before every other web filter. */
  @org.springframework.context.annotation.Bean
  org.springframework.web.server.WebFilter arrivalRecorder() {
    return new RecordingFilter();
  }

  static final class RecordingFilter implements org.springframework.web.server.WebFilter,
      org.springframework.core.Ordered {
    @Override
    public reactor.core.publisher.Mono<Void> filter(org.springframework.web.server.ServerWebExchange exchange,
        org.springframework.web.server.WebFilterChain chain) {
      org.springframework.http.HttpHeaders headers = exchange.getRequest().getHeaders();
      LAST_ARRIVAL.set(headers.getFirst("Content-Encoding") + " " + headers.getFirst("Content-Length"));
      return chain.filter(exchange);
    }

    @Override
    public int getOrder() {
      return org.springframework.core.Ordered.HIGHEST_PRECEDENCE;
    }
  }

  /** How many people it was sent and the first one's id, as the application's mapper read them. */
  @PostMapping("/count")
  Mono<Map<String, Object>> count(@RequestBody Mono<List<PeopleService.Person>> people) {
    return people.map(list -> Map.of("count", list.size(), "first", list.isEmpty() ? -1 : list.get(0).personId()));
  }
}
