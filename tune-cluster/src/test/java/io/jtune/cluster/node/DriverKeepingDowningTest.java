package io.jtune.cluster.node;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import java.util.List;
import java.util.Set;
import org.apache.pekko.actor.Address;
import org.apache.pekko.cluster.Member;
import org.apache.pekko.cluster.MemberStatus;
import org.apache.pekko.cluster.Reachability;
import org.apache.pekko.cluster.UniqueAddress;
import org.apache.pekko.util.Version;
import org.junit.jupiter.api.Test;
import scala.jdk.javaapi.CollectionConverters;

/** Who downs whom: the driver only workers unreachable for the limit, a worker only itself, nobody the driver. */
class DriverKeepingDowningTest {
    private static final Duration LIMIT = DriverKeepingDowning.UNREACHABLE_FOR;
    private static final long LATER = LIMIT.toNanos();
    private final UniqueAddress driver = node(25520);
    private final UniqueAddress a = node(25521);
    private final UniqueAddress b = node(25522);

    @Test
    void theDriverDownsAWorkerItFindsUnreachableOnlyOnceTheLimitHasPassed() {
        DriverKeepingDowning.UnreachableSince downing = new DriverKeepingDowning.UnreachableSince(driver, true);
        Reachability reachability = Reachability.empty().unreachable(driver, a);
        List<Member> members = List.of(member(driver, NodeConfig.DRIVER_ROLE, MemberStatus.up()), worker(a), worker(b));
        assertEquals(Set.of(), downing.update(reachability, members, 0, LIMIT));
        assertEquals(Set.of(a), downing.update(reachability, members, LATER, LIMIT));
    }

    @Test
    void theDriverNeverDownsItselfWhateverItsWorkersObserved() {
        DriverKeepingDowning.UnreachableSince downing = new DriverKeepingDowning.UnreachableSince(driver, true);
        // workers leaving after a pause of the driver: they found it unreachable, it finds them unreachable
        Reachability reachability = Reachability.empty().unreachable(a, driver).unreachable(b, driver).unreachable(driver, a).unreachable(driver, b);
        List<Member> members = List.of(member(driver, NodeConfig.DRIVER_ROLE, MemberStatus.up()), worker(a), worker(b));
        downing.update(reachability, members, 0, LIMIT);
        assertEquals(Set.of(a, b), downing.update(reachability, members, LATER, LIMIT));
    }

    @Test
    void theDriverTrustsOnlyWorkersItReachesAndDoesNotDownAMemberAlreadyDown() {
        DriverKeepingDowning.UnreachableSince downing = new DriverKeepingDowning.UnreachableSince(driver, true);
        // a (paused, unreachable from the driver) said b was unreachable; the driver reaches b
        Reachability reachability = Reachability.empty().unreachable(a, b).unreachable(driver, a);
        List<Member> members = List.of(member(driver, NodeConfig.DRIVER_ROLE, MemberStatus.up()), member(a, NodeConfig.WORKER_ROLE, MemberStatus.down()), worker(b));
        downing.update(reachability, members, 0, LIMIT);
        assertEquals(Set.of(), downing.update(reachability, members, LATER, LIMIT));
    }

    @Test
    void aWorkerDownsItselfOnlyWhenItLostTheDriverItself() {
        DriverKeepingDowning.UnreachableSince downing = new DriverKeepingDowning.UnreachableSince(a, false);
        List<Member> members = List.of(member(driver, NodeConfig.DRIVER_ROLE, MemberStatus.up()), worker(a), worker(b));
        Reachability othersSay = Reachability.empty().unreachable(b, driver).unreachable(a, b);
        downing.update(othersSay, members, 0, LIMIT);
        assertEquals(Set.of(), downing.update(othersSay, members, LATER, LIMIT), "b's view of the driver, a's of another worker");
        Reachability lost = othersSay.unreachable(a, driver);
        downing.update(lost, members, LATER, LIMIT);
        assertEquals(Set.of(), downing.update(lost, members, LATER + LATER / 2, LIMIT));
        assertEquals(Set.of(a), downing.update(lost, members, 2 * LATER, LIMIT));
    }

    @Test
    void aWorkerThatLostTheDriverTakesTheWorkersItReachesThatLostItTooAlong() {
        DriverKeepingDowning.UnreachableSince downing = new DriverKeepingDowning.UnreachableSince(a, false);
        UniqueAddress c = node(25523);
        List<Member> members = List.of(member(driver, NodeConfig.DRIVER_ROLE, MemberStatus.up()), worker(a), worker(b), worker(c));
        // b lost the driver too; c still reaches it
        Reachability lost = Reachability.empty().unreachable(a, driver).unreachable(b, driver);
        downing.update(lost, members, 0, LIMIT);
        assertEquals(Set.of(a, b), downing.update(lost, members, LATER, LIMIT));
    }

    @Test
    void aMemberReachableAgainStartsItsWaitAfresh() {
        DriverKeepingDowning.UnreachableSince downing = new DriverKeepingDowning.UnreachableSince(driver, true);
        List<Member> members = List.of(member(driver, NodeConfig.DRIVER_ROLE, MemberStatus.up()), worker(a));
        Reachability lost = Reachability.empty().unreachable(driver, a);
        downing.update(lost, members, 0, LIMIT);
        downing.update(lost.reachable(driver, a), members, LATER / 2, LIMIT);
        downing.update(lost, members, LATER, LIMIT);
        assertEquals(Set.of(), downing.update(lost, members, LATER + LATER / 2, LIMIT));
        assertEquals(Set.of(a), downing.update(lost, members, 2 * LATER, LIMIT));
    }

    private static UniqueAddress node(int port) {
        return UniqueAddress.apply(new Address("pekko", NodeConfig.SYSTEM_NAME, "127.0.0.1", port), (long) port);
    }

    private static Member worker(UniqueAddress node) {
        return member(node, NodeConfig.WORKER_ROLE, MemberStatus.up());
    }

    private static Member member(UniqueAddress node, String role, MemberStatus status) {
        return new Member(node, 1, status, CollectionConverters.asScala(Set.of(role, "dc-default")).toSet(), Version.Zero());
    }
}
