package io.github.zipjack.spring;

import java.util.ArrayList;
import java.util.List;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.context.annotation.Import;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * A small Spring Boot service as a user writes one: a controller returning records with camelCase
 * fields, serialized by whatever mapper Boot configured, and zipjack found on the class path.
 */
@SpringBootConfiguration
@EnableAutoConfiguration
@Import(PeopleService.PeopleController.class)
public class PeopleService {
  /** One person; the field names are camelCase so that a naming strategy shows. */
  public record Person(int personId, String firstName, String lastName, String emailAddress, String about,
      List<String> favouriteTags) {
    /** Throws when serialized, for the endpoint that fails midway. */
    public record Failing(int personId) {
      public String getExploding() {
        throw new IllegalStateException("this getter always fails (person " + personId + ")");
      }
    }
  }

  /** Deterministic people, about 240 bytes each as JSON. */
  static List<Person> people(int count) {
    List<Person> people = new ArrayList<>(count);
    for (int i = 0; i < count; i++) {
      people.add(new Person(i, "First" + i, "Last" + (i * 7 % 13), "first" + i + ".last@example" + (i % 5) + ".com",
          "Person " + i + " likes compression, JSON with exact lengths and services that answer quickly.",
          List.of("tag" + (i % 3), "tag" + (i % 11), "zipjack")));
    }
    return people;
  }

  @RestController
  static class PeopleController {
    @GetMapping("/people")
    List<Person> people() {
      return PeopleService.people(300);
    }

    @GetMapping("/people-with-headers")
    org.springframework.http.ResponseEntity<List<Person>> peopleWithHeaders() {
      return org.springframework.http.ResponseEntity.ok().header("Cache-Control", "max-age=60")
          .header("X-Served-By", "zipjack").body(PeopleService.people(300));
    }

    @GetMapping("/person")
    Person person() {
      return PeopleService.people(1).get(0);
    }

    /** Answers the people it was sent, as the application's mapper read them. */
    @org.springframework.web.bind.annotation.PostMapping("/echo")
    List<Person> echo(@org.springframework.web.bind.annotation.RequestBody List<Person> people) {
      return people;
    }

    /** Writes 200 people, then fails on the 201st element. */
    @GetMapping("/failing")
    List<Object> failing() {
      List<Object> values = new ArrayList<>(PeopleService.people(200));
      values.add(new Person.Failing(200));
      return values;
    }
  }
}
