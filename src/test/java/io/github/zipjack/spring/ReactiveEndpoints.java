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
 * {@code ResponseEntity} with an ETag, a {@code Flux} as NDJSON and as a JSON array, and a handler
 * reading a request body.
 */
@RestController
class ReactiveEndpoints {
  @GetMapping("/people-mono")
  Mono<List<PeopleService.Person>> peopleMono() {
    return Mono.fromSupplier(() -> PeopleService.people(300));
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

  /** How many people it was sent and the first one's id, as the application's mapper read them. */
  @PostMapping("/count")
  Mono<Map<String, Object>> count(@RequestBody Mono<List<PeopleService.Person>> people) {
    return people.map(list -> Map.of("count", list.size(), "first", list.isEmpty() ? -1 : list.get(0).personId()));
  }
}
