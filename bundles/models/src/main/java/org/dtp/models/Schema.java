package org.dtp.models;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Names a model's JSON schema and its version. The major version changes only when a field is
 * removed or changes meaning; adding an optional field bumps the minor version.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface Schema {
    /** A stable name such as {@code dtp.media.item}. */
    String name();

    /** Major version: readers refuse documents of a higher major version than their own. */
    int major() default 1;

    /** Minor version: informational; readers accept any minor version of their major. */
    int minor() default 0;
}
