package org.dtp.models.contacts;

import org.dtp.models.ContainerModel;
import org.dtp.models.Schema;

import java.util.Objects;

/** An address book (or a contact group a provider treats as a container). */
@Schema(name = "dtp.contacts.address-book")
public record AddressBook(String id, String name, String description) implements ContainerModel {
    public AddressBook {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(name, "name");
    }
}
