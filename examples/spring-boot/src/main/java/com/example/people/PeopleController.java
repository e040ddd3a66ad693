package com.example.people;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

@RestController
public class PeopleController {
  private static final String[] WORDS = {"lorem", "ipsum", "dolor", "sit", "amet", "consectetur", "adipiscing",
      "elit", "sed", "do", "eiusmod", "tempor", "incididunt", "labore", "magna", "aliqua"};

  /** A page of the directory: {@code count} people from number {@code from} on. */
  @GetMapping("/people")
  public List<Person> people(@RequestParam(defaultValue = "0") int from, @RequestParam(defaultValue = "300") int count) {
    List<Person> people = new ArrayList<>(count);
    for (int i = from; i < from + count; i++) {
      people.add(person(i));
    }
    return people;
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
}
