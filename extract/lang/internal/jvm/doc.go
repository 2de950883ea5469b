// Package jvm holds what the languages of the JVM (Java, Kotlin) share:
// a project's own packages, the source sets of Maven and Gradle, the names
// of test classes, the annotations of JPA and Spring MVC, and how a
// controller's prefix and a mapping's path join.
package jvm
