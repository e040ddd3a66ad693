package com.example.people;

import java.time.Instant;
import java.util.List;

/** One person, with camelCase fields that the service's snake_case naming renames. */
public record Person(int personId, String firstName, String lastName, String emailAddress, boolean isActive,
    double balance, String about, Instant registered, List<String> tags) {}
