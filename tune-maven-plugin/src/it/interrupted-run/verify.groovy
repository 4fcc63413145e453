// The first run died at the fifth step (second iteration of the second trial); the second run
// refused to start afresh in the same folder and left what the first one wrote untouched.
import groovy.json.JsonSlurper

def json = new JsonSlurper()
assert new File(basedir, 'target/crash-marker').isFile() : 'the first run did not reach the crash'

def dir = new File(basedir, 'target/jtune/CrashOnce')
assert new File(dir, 'experiment_state.json').isFile() : 'the snapshot of the first run is kept'
def trials = dir.listFiles().findAll { it.isDirectory() }.sort { it.name }
assert trials.size() == 2 : "trial folders: ${trials*.name}"
def iterations = trials.collect { trial ->
    new File(trial, 'result.json').readLines().findAll { it.trim() }.collect { json.parseText(it).training_iteration }
}
assert iterations[0] == [1, 2, 3] : "the finished trial: ${iterations[0]}"
assert iterations[1] in [[], [1]] : "the interrupted trial: ${iterations[1]}"

def log = new File(basedir, 'build.log').text
assert log.contains("the experiment folder ${dir.canonicalPath} holds an experiment already: continue it with -Djtune.resume=true")
return true
