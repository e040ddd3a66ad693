package com.example.people;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

@RestController
public class PeopleController {
  private static final String[] WORDS = {"lorem", "ipsum", "dolor", "sit", "amet", "consectetur", "adipiscing",
      "elit", "sed", "do", "eiusmod", "tempor", "incididunt", "labore", "magna", "aliqua"};

  /** A page of the directory: {@code count} people from number {@code from} on. */
  @GetMapping("/people")
  public Mono<List<Person>> people(@RequestParam(defaultValue = "0") int from,
      @RequestParam(defaultValue = "300") int count) {
    return Mono.fromSupplier(() -> page(from, count));
  }

  @GetMapping("/people/{id}")
  public Person person(@PathVariable int id) {
    StringBuilder about = new StringBuilder();
    for (int w = 0; w < 40; w++) {
      about.append(WORDS[(id * 7 + w * 3) % WORDS.length]).append(w % 9 == 8 ? ". " : " ");
    }
    return new Person(id, "First" + id, "Last" + (id % 97), "first" + id + ".last@example.com", id % 3 != 0,
        1000 + (id * 37 % 5000) / 100.0, about.toString().trim(), Instant.ofEpochSecond(1_500_000_000L + id * 86_400L),
        List.of(WORDS[id % WORDS.length], WORDS[(id + 5) % WORDS.length], WORDS[(id + 11) % WORDS.length]));
  }

  /** Five people near {@code id}: a plain return value, which WebFlux writes as it writes a Mono. */
  @GetMapping("/people/{id}/neighbours")
  public List<Person> neighbours(@PathVariable int id) {
    return page(Math.max(0, id - 2), 5);
  }

  /** The same people as a stream, one JSON document a line. */
  @GetMapping(value = "/people-stream", produces = MediaType.APPLICATION_NDJSON_VALUE)
  public Flux<Person> stream(@RequestParam(defaultValue = "50") int count) {
    return Flux.range(0, count).map(this::person);
  }

  /** How many people a client sent (clients may send the list compressed). */
  @PostMapping("/people/count")
  public Mono<Integer> count(@RequestBody Mono<List<Person>> people) {
    return people.map(List::size);
  }

  List<Person> page(int from, int count) {
    List<Person> people = new ArrayList<>(count);
    for (int i = from; i < from + count; i++) {
      people.add(person(i));
    }
    return people;
  }
}
