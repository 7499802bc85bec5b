package org.dtp.models.tasks;

import org.dtp.models.ContainerModel;
import org.dtp.models.Schema;

import java.util.Objects;

/** A list of tasks. */
@Schema(name = "dtp.tasks.list")
public record TaskList(String id, String name) implements ContainerModel {
    public TaskList {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(name, "name");
    }
}
